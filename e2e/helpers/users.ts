import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SqliteStorage } from '../../packages/server/src/storage/sqlite.ts';
import { WAIT } from './session.ts';

/**
 * Signs `page` in as `userName` on a server with users on. Basic users sign in with OpenID
 * (as in Actual 26.9); until that flow is wired into these tests, the session is what such a
 * sign-in leaves behind: created through the server's own storage interface (the real server's
 * data directory, real SQLite), then handed to the app the way the OpenID callback hands it
 * over (`/openid-cb?token=…`). The lead switches this to the OpenID provider after merging.
 */
export async function signInAsUser(
  page: Page,
  server: { url: string; dataDir: string },
  userName: string,
): Promise<void> {
  const storage = new SqliteStorage(
    join(server.dataDir, 'server-files'),
    join(server.dataDir, 'user-files'),
  );
  let token: string;
  try {
    const user = await storage.accounts.getUserByName(userName);
    if (!user) throw new Error(`no user named ${userName}`);
    token = await storage.accounts.createSession(Date.now(), user.id);
  } finally {
    await storage.close();
  }
  // The login page points a fresh profile at this server (its own origin) first.
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
  await page.goto(`${server.url}/openid-cb?token=${encodeURIComponent(token)}`);
  await page
    .getByRole('list', { name: 'Files' })
    .or(page.getByText('Let’s get started!'))
    .waitFor(WAIT);
}
