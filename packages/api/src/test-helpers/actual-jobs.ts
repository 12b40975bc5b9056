import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
/** A session of the 23.8-era `@actual-app/api` (6.9). */
export const ACTUAL_SYNC_RUNNER = join(here, 'actual-sync-runner.mjs');
/** A session of today's `@actual-app/api` (26.x, `actual-api-26`). */
export const ACTUAL_CURRENT_RUNNER = join(here, 'actual-current-runner.mjs');

/** Temporary folders a test file removes when it is done with them. */
export function tempDirs(prefix: string) {
  const made: string[] = [];
  return {
    make(name: string): string {
      const dir = mkdtempSync(join(tmpdir(), `${prefix}-${name}-`));
      made.push(dir);
      return dir;
    },
    removeAll(): void {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One session of Actual's api in its own process (its state is global): the runner gets the
 * job as a JSON file and answers with one. Today's api runs with NODE_ENV=production: under
 * vitest's NODE_ENV=test it opens every budget with syncing disabled.
 */
export function runActualJob<T>(runner: string, job: unknown, workDir: string): T {
  const jobFile = join(workDir, 'job.json');
  const out = join(workDir, 'out.json');
  writeFileSync(jobFile, JSON.stringify(job));
  const res = spawnSync(process.execPath, [runner, jobFile, out], {
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error(`Actual's api failed (${res.status}): ${res.stderr}`);
  return JSON.parse(readFileSync(out, 'utf8')) as T;
}

/** Set the server's password; a server that has just said it listens may refuse a moment. */
export async function bootstrapServer(url: string, password: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${url}/account/bootstrap`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      expect(res.status).toBe(200);
      return;
    } catch (err) {
      if (attempt >= 20 || !String((err as Error).cause).includes('ECONNREFUSED')) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
