import type pg from 'pg';
import { inTransaction } from './postgres-schema.ts';
import type { User } from './storage.ts';

interface RawUser {
  id: string;
  user_name: string;
  display_name: string | null;
  role: string;
  enabled: boolean;
  owner: boolean;
}

function toUser(raw: RawUser): User {
  return {
    id: raw.id,
    userName: raw.user_name,
    displayName: raw.display_name,
    role: raw.role === 'ADMIN' ? 'ADMIN' : 'BASIC',
    enabled: raw.enabled,
    owner: raw.owner,
  };
}

/** Users, file shares and the multi-user switch on PostgreSQL (the account store's half). */
export class PgUsers {
  constructor(protected readonly pool: pg.Pool) {}

  async multiuser(): Promise<boolean> {
    const { rows } = await this.pool.query<{ value: string }>(
      "SELECT value FROM coffer_settings WHERE key = 'multiuser'",
    );
    return rows[0]?.value === '1';
  }

  async enableUsers(owner: User): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      // Two admins turning users on at once: the second finds the switch set and stops.
      const set = await client.query(
        `INSERT INTO coffer_settings (key, value) VALUES ('multiuser', '1')
           ON CONFLICT (key) DO NOTHING`,
      );
      if (set.rowCount !== 1) return false;
      await client.query(
        `INSERT INTO coffer_users (id, user_name, display_name, role, enabled, owner)
           VALUES ($1, $2, $3, 'ADMIN', TRUE, TRUE)`,
        [owner.id, owner.userName, owner.displayName],
      );
      await client.query('UPDATE coffer_files SET owner = $1 WHERE owner IS NULL', [owner.id]);
      // Every session so far was the password holder's: now the owner's.
      await client.query('UPDATE coffer_sessions SET user_id = $1 WHERE user_id IS NULL', [
        owner.id,
      ]);
      return true;
    });
  }

  async listUsers(): Promise<User[]> {
    const { rows } = await this.pool.query<RawUser>(
      'SELECT * FROM coffer_users ORDER BY owner DESC, user_name',
    );
    return rows.map(toUser);
  }

  async getUser(id: string): Promise<User | null> {
    const { rows } = await this.pool.query<RawUser>('SELECT * FROM coffer_users WHERE id = $1', [
      id,
    ]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async getUserByName(userName: string): Promise<User | null> {
    const { rows } = await this.pool.query<RawUser>(
      'SELECT * FROM coffer_users WHERE user_name = $1',
      [userName],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  async insertUser(user: User): Promise<boolean> {
    const result = await this.pool.query(
      `INSERT INTO coffer_users (id, user_name, display_name, role, enabled, owner)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [user.id, user.userName, user.displayName, user.role, user.enabled, user.owner],
    );
    return result.rowCount === 1;
  }

  async updateUser(user: User): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(
        'UPDATE coffer_users SET user_name = $2, display_name = $3, role = $4, enabled = $5 WHERE id = $1',
        [user.id, user.userName, user.displayName, user.role, user.enabled],
      );
      // A disabled user is signed out at once, on every process.
      if (!user.enabled) {
        await client.query('DELETE FROM coffer_sessions WHERE user_id = $1', [user.id]);
      }
    });
  }

  async deleteUser(id: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        'SELECT id FROM coffer_users WHERE owner',
      );
      const owner = rows[0];
      if (!owner || owner.id === id) return false;
      await client.query('DELETE FROM coffer_user_access WHERE user_id = $1', [id]);
      await client.query('UPDATE coffer_files SET owner = $1 WHERE owner = $2', [owner.id, id]);
      await client.query('DELETE FROM coffer_sessions WHERE user_id = $1', [id]);
      await client.query('DELETE FROM coffer_user_subjects WHERE user_id = $1', [id]);
      const gone = await client.query('DELETE FROM coffer_users WHERE id = $1', [id]);
      return gone.rowCount === 1;
    });
  }

  async listAccess(fileId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM coffer_user_access WHERE file_id = $1 ORDER BY user_id',
      [fileId],
    );
    return rows.map((r) => r.user_id);
  }

  async grantAccess(fileId: string, userId: string): Promise<boolean> {
    const result = await this.pool.query(
      'INSERT INTO coffer_user_access (file_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [fileId, userId],
    );
    return result.rowCount === 1;
  }

  async revokeAccess(fileId: string, userIds: string[]): Promise<number> {
    const result = await this.pool.query(
      'DELETE FROM coffer_user_access WHERE file_id = $1 AND user_id = ANY($2::text[])',
      [fileId, userIds],
    );
    return result.rowCount ?? 0;
  }
}
