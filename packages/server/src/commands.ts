import { AccountDb } from './account-db.ts';
import type { ServerConfig } from './config.ts';
import { hashPassword, isValidPassword } from './password.ts';

/**
 * Sets a new password from the shell (also on a server never bootstrapped) and ends every
 * session, so whoever held the old password is signed out.
 */
export async function resetPassword(config: ServerConfig, password: string): Promise<void> {
  if (!isValidPassword(password)) throw new Error('The password cannot be empty');
  const accounts = new AccountDb(config.serverFilesDir);
  try {
    await accounts.replacePassword(await hashPassword(password, config.scryptCost));
  } finally {
    accounts.close();
  }
}

/** The first line of stdin (a pipe, or what the user types), without the line break. */
export async function readPasswordFromStdin(
  stdin: AsyncIterable<Buffer | string> & { isTTY?: boolean } = process.stdin,
): Promise<string> {
  if (stdin.isTTY) process.stderr.write('New password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const newline = text.indexOf('\n');
    if (newline !== -1) return text.slice(0, newline).replace(/\r$/, '');
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
