import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A plain Node script outside the repository loads the built package, CommonJS or ESM, with no
// TypeScript loader: the way a script written for @actual-app/api would.
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(packageDir, '../..');

let work: string;

beforeAll(async () => {
  // The same bundles `npm run build` makes (scripts/build.mjs), rebuilt so the test sees the
  // current sources.
  const common = {
    absWorkingDir: root,
    entryPoints: [join(packageDir, 'src/index.ts')],
    bundle: true,
    platform: 'node' as const,
    target: 'node20',
    sourcemap: true,
    external: ['better-sqlite3'],
    logLevel: 'silent' as const,
  };
  await Promise.all([
    build({ ...common, format: 'cjs', outfile: join(packageDir, 'dist/index.cjs') }),
    build({ ...common, format: 'esm', outfile: join(packageDir, 'dist/index.mjs') }),
  ]);
  work = mkdtempSync(join(tmpdir(), 'coffer-api-script-'));
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Creates a budget, an account and a transaction, then prints what it reads back. */
const SCRIPT_BODY = `
  await api.init({ dataDir });
  const { id } = await api.internal.send('create-budget', { budgetName: 'Script' });
  const account = await api.createAccount({ name: 'Wallet' }, 1000);
  await api.addTransactions(account, [
    { date: '2024-05-04', amount: -425, payee_name: 'Bookshop', notes: 'a novel' },
  ]);
  const result = {
    id,
    prefs: await api.internal.send('load-prefs'),
    accounts: await api.getAccounts(),
    transactions: (await api.getTransactions(account)).map((t) => ({
      date: t.date, amount: t.amount, notes: t.notes, starting: t.starting_balance_flag,
    })),
    balance: await api.getAccountBalance(account, '2099-01-01'),
  };
  await api.shutdown();
  console.log(JSON.stringify(result));
`;

function runScript(file: string, source: string, dataDir: string) {
  writeFileSync(join(work, file), source);
  const res = spawnSync(process.execPath, [join(work, file), dataDir], {
    cwd: work,
    encoding: 'utf8',
    timeout: 90_000,
  });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
  return JSON.parse(res.stdout.trim().split('\n').pop()!) as {
    id: string;
    prefs: { id: string; budgetName: string };
    accounts: unknown[];
    transactions: unknown[];
    balance: number;
  };
}

function expectScriptResult(result: ReturnType<typeof runScript>) {
  expect(result.prefs).toMatchObject({ id: result.id, budgetName: 'Script' });
  expect(result.accounts).toEqual([
    { id: expect.any(String), name: 'Wallet', offbudget: false, closed: false },
  ]);
  expect(result.transactions).toContainEqual({
    date: '2024-05-04',
    amount: -425,
    notes: 'a novel',
    starting: false,
  });
  expect(result.transactions).toContainEqual(
    expect.objectContaining({ amount: 1000, starting: true }),
  );
  expect(result.balance).toBe(575);
}

describe('the built package', () => {
  it('loads with require() from a CommonJS script', () => {
    const source = `
      const api = require(${JSON.stringify(packageDir)});
      const dataDir = process.argv[2];
      (async () => {${SCRIPT_BODY}})().catch((e) => { console.error(e); process.exit(1); });
    `;
    expectScriptResult(runScript('script.cjs', source, join(work, 'cjs-data')));
  }, 120_000);

  it('loads with import from an ES module script, by package name', () => {
    // As if installed: node_modules/@coffer/api points at the checkout's package.
    mkdirSync(join(work, 'node_modules/@coffer'), { recursive: true });
    symlinkSync(packageDir, join(work, 'node_modules/@coffer/api'), 'dir');
    const source = `
      import * as api from '@coffer/api';
      import defaultApi from '@coffer/api';
      if (defaultApi.getAccounts !== api.getAccounts) throw new Error('default export differs');
      const dataDir = process.argv[2];
      ${SCRIPT_BODY}
    `;
    expectScriptResult(runScript('script.mjs', source, join(work, 'esm-data')));
  }, 120_000);
});
