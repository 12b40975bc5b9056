import type Database from 'better-sqlite3';
import type { PendingSignIn, SettingKey } from './storage/storage.ts';

interface RawPending {
  state: string;
  nonce: string;
  code_verifier: string;
  return_url: string;
  expires_at: number;
}

/** Sign-in settings, OpenID sign-ins in flight and users' OpenID subjects, in `account.sqlite`. */
export class SignInDb {
  constructor(private readonly db: Database.Database) {}

  getSetting(key: SettingKey): string | null {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value ?? null;
  }

  setSetting(key: SettingKey, value: string | null): void {
    if (value === null) {
      this.db.prepare('DELETE FROM settings WHERE key = ?').run(key);
      return;
    }
    this.db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(key, value);
  }

  putPending(pending: PendingSignIn, now: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM openid_pending WHERE expires_at <= ?').run(now);
      this.db
        .prepare(
          `INSERT INTO openid_pending (state, nonce, code_verifier, return_url, expires_at)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(
          pending.state,
          pending.nonce,
          pending.codeVerifier,
          pending.returnUrl,
          pending.expiresAt,
        );
    })();
  }

  takePending(state: string, now: number): PendingSignIn | null {
    const raw = this.db
      .prepare('DELETE FROM openid_pending WHERE state = ? RETURNING *')
      .get(state) as RawPending | undefined;
    if (!raw || raw.expires_at <= now) return null;
    return {
      state: raw.state,
      nonce: raw.nonce,
      codeVerifier: raw.code_verifier,
      returnUrl: raw.return_url,
      expiresAt: raw.expires_at,
    };
  }

  userIdBySubject(subject: string): string | null {
    const row = this.db
      .prepare('SELECT user_id FROM user_subjects WHERE subject = ?')
      .get(subject) as { user_id: string } | undefined;
    return row?.user_id ?? null;
  }

  linkSubject(userId: string, subject: string): boolean {
    return (
      this.db
        .prepare('INSERT OR IGNORE INTO user_subjects (subject, user_id) VALUES (?, ?)')
        .run(subject, userId).changes === 1
    );
  }

  hasSubjects(): boolean {
    return this.db.prepare('SELECT 1 FROM user_subjects LIMIT 1').get() !== undefined;
  }
}
