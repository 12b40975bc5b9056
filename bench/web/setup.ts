/**
 * What the web benchmarks share: the budget both apps open (made by Actual's API through
 * budget.mjs, uploaded to each server after its bootstrap), and the amount format the apps show.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServerProcess } from '../server/servers.ts';

export const PASSWORD = 'bench password';
export const BUDGET_NAME = 'BudgetBench';
const root = resolve('.');
const budgetScript = join(root, 'bench/web/budget.mjs');

/** Runs one step of budget.mjs in its own process and returns the JSON it printed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function runBudgetScript(args: string[]): any {
  const res = spawnSync(process.execPath, [budgetScript, ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  const line = (res.stdout ?? '')
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (res.status !== 0 || !line) {
    throw new Error(`budget.mjs ${args[0]} failed (${res.status}): ${res.stderr.slice(-3000)}`);
  }
  return JSON.parse(line);
}

/**
 * The budget a bench opens: made into `made` (budget.mjs make: transactions, months), or with
 * `reuse` a copy of a folder a former run made (bench/scale's `--reuse DIR/<count>`, holding
 * one BudgetBench-* folder): the 1,000,000-transaction budget takes long to make.
 */
export function madeBudget(
  made: string,
  /** budget.mjs make's arguments after the folder: transactions, months, payees. */
  makeArgs: string[],
  reuse?: string,
): { dir: string; id: string; checkingCents: number } {
  // A copy (its name may be filled in, and the upload marks it): the made budget stays as it is.
  if (reuse) cpSync(resolve(reuse), made, { recursive: true });
  return { dir: made, ...runBudgetScript(reuse ? ['made', made] : ['make', made, ...makeArgs]) };
}

/** Cents as both apps show them in en-US. */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

export interface App {
  name: string;
  server: ServerProcess;
}

/**
 * Uploads with Coffer's own client (bench/scale/coffer.ts, bundled by the bench's run.mjs into
 * `bundle`): Actual 25.6's API fails with 'internal' before any request at 1,000,000 rows.
 */
function cofferUpload(bundle: string, dir: string, id: string, serverURL: string): void {
  const options = { step: 'upload', dataDir: dir, serverURL, password: PASSWORD, id };
  const res = spawnSync(process.execPath, [bundle], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SCALE_COFFER: JSON.stringify(options) },
  });
  const line = (res.stdout ?? '').trim().split('\n').pop() ?? '';
  if (res.status !== 0 || !line.startsWith('{') || JSON.parse(line).error) {
    throw new Error(`Coffer's upload failed (${res.status}): ${line} ${res.stderr.slice(-2000)}`);
  }
}

/**
 * Bootstraps the app's server with the bench password and uploads the budget to it, with
 * Actual's API or, given `cofferUploader` (a bundle of bench/scale/coffer.ts), Coffer's client.
 */
export async function setUp(
  app: App,
  made: string,
  id: string,
  cofferUploader?: string,
): Promise<void> {
  const bootstrap = () =>
    fetch(`${app.server.url}/account/bootstrap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
  // The pooled connection of the start-up health check may have idled out on the server side
  // ("other side closed") while the other app was set up: one retry on a fresh connection.
  const res = await bootstrap().catch(bootstrap);
  if (!res.ok) throw new Error(`${app.name}: bootstrap ${res.status} ${await res.text()}`);
  // Each upload marks its copy as belonging to that server's file.
  const copy = mkdtempSync(join(tmpdir(), 'bench-web-upload-'));
  cpSync(made, copy, { recursive: true });
  try {
    // On a busy machine an upload of a large budget to Actual's server often fails: the server
    // drops the connection while the body is written (EPIPE, which Actual's API reports as
    // 'internal'), about half the time here. It goes through when made again.
    for (let attempt = 1; ; attempt++) {
      try {
        if (cofferUploader) cofferUpload(cofferUploader, copy, id, app.server.url);
        else runBudgetScript(['upload', copy, id, app.server.url, PASSWORD]);
        break;
      } catch (err) {
        if (attempt >= 10) throw new Error(`${app.name}: ${(err as Error).message}`);
        console.warn(
          `${app.name}: upload failed, trying again (${(err as Error).message.slice(0, 200)})`,
        );
      }
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
