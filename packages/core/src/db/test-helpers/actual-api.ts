import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as ActualApiModule from '@actual-app/api';

/**
 * The real `@actual-app/api` (6.9), for interop tests. Its state is global, so use it from one
 * test file per process (vitest runs each file in its own fork).
 */
export type ActualApi = typeof ActualApiModule;

const require = createRequire(import.meta.url);

export function loadActualApi(): ActualApi {
  return require('@actual-app/api') as ActualApi;
}

const API_DIST = join(dirname(require.resolve('@actual-app/api/package.json')), 'dist');

export const ACTUAL_MIGRATIONS_DIR = join(API_DIST, 'migrations');

/** Actual's bundled starting database: the base tables, no migrations applied. */
export const ACTUAL_DEFAULT_DB = join(API_DIST, 'default-db.sqlite');

/** Tables and columns created by Actual's migrations after `lastId` (newer than 23.8.1). */
export function laterSchemaAdditions(lastId: number): {
  tables: Set<string>;
  columns: Set<string>;
} {
  const tables = new Set<string>();
  const columns = new Set<string>();
  for (const file of readdirSync(ACTUAL_MIGRATIONS_DIR)) {
    const id = Number(/^\d+/.exec(file)?.[0]);
    if (!(id > lastId)) continue;
    const text = readFileSync(join(ACTUAL_MIGRATIONS_DIR, file), 'utf8');
    for (const m of text.matchAll(/CREATE TABLE\s+(\w+)/gi)) tables.add(m[1]!);
    for (const m of text.matchAll(/ALTER TABLE\s+(\w+)\s+ADD\s+COLUMN\s+(\w+)/gi)) {
      columns.add(`${m[1]}.${m[2]}`);
    }
  }
  return { tables, columns };
}

/** Create a budget with the real Actual API in a fresh folder; returns its folder. */
export async function createActualBudget(
  api: ActualApi,
  name = 'Actual Made',
): Promise<{ dataDir: string; id: string; dir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'actual-api-'));
  await api.init({ dataDir });
  const send = (api.internal as { send: (n: string, a?: unknown) => Promise<unknown> }).send;
  await send('create-budget', { budgetName: name, testMode: false, avoidUpload: true });
  await api.shutdown();
  const id = readdirSync(dataDir).find((d) => d.startsWith(name.replace(/[^A-Za-z0-9]/g, '-')))!;
  return { dataDir, id, dir: join(dataDir, id) };
}
