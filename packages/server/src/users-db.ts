import type Database from 'better-sqlite3';
import type { Role, User } from './storage/storage.ts';

interface RawUser {
  id: string;
  user_name: string;
  display_name: string | null;
  role: string;
  enabled: number;
  owner: number;
}

function toUser(raw: RawUser): User {
  return {
    id: raw.id,
    userName: raw.user_name,
    displayName: raw.display_name,
    role: raw.role === 'ADMIN' ? 'ADMIN' : ('BASIC' satisfies Role),
    enabled: raw.enabled === 1,
    owner: raw.owner === 1,
  };
}

/** Users, file shares and the multi-user switch, in `account.sqlite` beside the files. */
export class UsersDb {
  constructor(private readonly db: Database.Database) {}

  multiuser(): boolean {
    const row = this.db.prepare("SELECT value FROM settings WHERE key = 'multiuser'").get() as
      { value: string } | undefined;
    return row?.value === '1';
  }

  enableUsers(owner: User): boolean {
    return this.db.transaction(() => {
      if (this.multiuser()) return false;
      this.db
        .prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('multiuser', '1')")
        .run();
      this.insert({ ...owner, role: 'ADMIN', owner: true, enabled: true });
      this.db.prepare('UPDATE files SET owner = ? WHERE owner IS NULL').run(owner.id);
      // Every session so far was the password holder's: now the owner's.
      this.db.prepare('UPDATE sessions SET user_id = ? WHERE user_id IS NULL').run(owner.id);
      return true;
    })();
  }

  list(): User[] {
    const rows = this.db
      .prepare('SELECT * FROM users ORDER BY owner DESC, user_name')
      .all() as RawUser[];
    return rows.map(toUser);
  }

  get(id: string): User | null {
    const raw = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as RawUser | undefined;
    return raw ? toUser(raw) : null;
  }

  byName(userName: string): User | null {
    const raw = this.db.prepare('SELECT * FROM users WHERE user_name = ?').get(userName) as
      RawUser | undefined;
    return raw ? toUser(raw) : null;
  }

  insert(user: User): boolean {
    const result = this.db
      .prepare(
        `INSERT OR IGNORE INTO users (id, user_name, display_name, role, enabled, owner)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        user.id,
        user.userName,
        user.displayName,
        user.role,
        user.enabled ? 1 : 0,
        user.owner ? 1 : 0,
      );
    return result.changes === 1;
  }

  update(user: User): void {
    this.db
      .prepare(
        'UPDATE users SET user_name = ?, display_name = ?, role = ?, enabled = ? WHERE id = ?',
      )
      .run(user.userName, user.displayName, user.role, user.enabled ? 1 : 0, user.id);
    // A disabled user is signed out at once.
    if (!user.enabled) this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id);
  }

  remove(id: string): boolean {
    return this.db.transaction(() => {
      const owner = this.db.prepare('SELECT id FROM users WHERE owner = 1').get() as
        { id: string } | undefined;
      if (!owner || owner.id === id) return false;
      this.db.prepare('DELETE FROM user_access WHERE user_id = ?').run(id);
      this.db.prepare('UPDATE files SET owner = ? WHERE owner = ?').run(owner.id, id);
      this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(id);
      this.db.prepare('DELETE FROM user_subjects WHERE user_id = ?').run(id);
      return this.db.prepare('DELETE FROM users WHERE id = ?').run(id).changes === 1;
    })();
  }

  access(fileId: string): string[] {
    const rows = this.db
      .prepare('SELECT user_id FROM user_access WHERE file_id = ? ORDER BY user_id')
      .all(fileId) as { user_id: string }[];
    return rows.map((r) => r.user_id);
  }

  grant(fileId: string, userId: string): boolean {
    return (
      this.db
        .prepare('INSERT OR IGNORE INTO user_access (file_id, user_id) VALUES (?, ?)')
        .run(fileId, userId).changes === 1
    );
  }

  revoke(fileId: string, userIds: string[]): number {
    const del = this.db.prepare('DELETE FROM user_access WHERE file_id = ? AND user_id = ?');
    return this.db.transaction(() =>
      userIds.reduce((n, id) => n + del.run(fileId, id).changes, 0),
    )();
  }
}
