import { PgUsers } from './postgres-users.ts';
import type { PendingSignIn, SettingKey } from './storage.ts';

interface RawPending {
  state: string;
  nonce: string;
  code_verifier: string;
  return_url: string;
  expires_at: string;
}

/**
 * Sign-in settings, OpenID sign-ins in flight and users' subjects on PostgreSQL. A sign-in
 * started on one process may finish on another: nothing here lives in a process's memory.
 */
export class PgSignIn extends PgUsers {
  async getSetting(key: SettingKey): Promise<string | null> {
    const { rows } = await this.pool.query<{ value: string }>(
      'SELECT value FROM coffer_settings WHERE key = $1',
      [key],
    );
    return rows[0]?.value ?? null;
  }

  async setSetting(key: SettingKey, value: string | null): Promise<void> {
    if (value === null) {
      await this.pool.query('DELETE FROM coffer_settings WHERE key = $1', [key]);
      return;
    }
    await this.pool.query(
      `INSERT INTO coffer_settings (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [key, value],
    );
  }

  async putPendingSignIn(pending: PendingSignIn, now: number): Promise<void> {
    await this.pool.query('DELETE FROM coffer_openid_pending WHERE expires_at <= $1', [now]);
    await this.pool.query(
      `INSERT INTO coffer_openid_pending (state, nonce, code_verifier, return_url, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
      [pending.state, pending.nonce, pending.codeVerifier, pending.returnUrl, pending.expiresAt],
    );
  }

  async takePendingSignIn(state: string, now: number): Promise<PendingSignIn | null> {
    // DELETE … RETURNING: two callbacks with one state cannot both get it.
    const { rows } = await this.pool.query<RawPending>(
      'DELETE FROM coffer_openid_pending WHERE state = $1 RETURNING *',
      [state],
    );
    const raw = rows[0];
    if (!raw || Number(raw.expires_at) <= now) return null;
    return {
      state: raw.state,
      nonce: raw.nonce,
      codeVerifier: raw.code_verifier,
      returnUrl: raw.return_url,
      expiresAt: Number(raw.expires_at),
    };
  }

  async userIdBySubject(subject: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM coffer_user_subjects WHERE subject = $1',
      [subject],
    );
    return rows[0]?.user_id ?? null;
  }

  async linkSubject(userId: string, subject: string): Promise<boolean> {
    const result = await this.pool.query(
      `INSERT INTO coffer_user_subjects (subject, user_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING`,
      [subject, userId],
    );
    return result.rowCount === 1;
  }

  async hasSubjects(): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM coffer_user_subjects LIMIT 1');
    return rows.length > 0;
  }
}
