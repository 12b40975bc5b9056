import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  type Budget,
  FileColumns,
  viewHash,
  viewSql,
  budgetFileModule,
  createCore,
  isHandlerError,
  listBudgets,
} from '@coffer/core';
import { createNodePlatform } from './platform.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function setup() {
  const documentDir = mkdtempSync(join(tmpdir(), 'coffer-docs-'));
  const platform = createNodePlatform({ documentDir, log: quiet });
  const core = createCore({ platform, documentDir }).register(budgetFileModule);
  return { documentDir, platform, core };
}

async function createClosed(name = 'Home Budget') {
  const env = setup();
  const made = await env.core.send('create-budget', { budgetName: name });
  if (isHandlerError(made)) throw new Error(made.error.message);
  await env.core.send('close-budget');
  return { ...env, id: made.id, dir: join(env.documentDir, made.id) };
}

describe('budget files', () => {
  it('create-budget writes db.sqlite and metadata.json and opens the budget', async () => {
    const { core, documentDir } = setup();
    const made = await core.send('create-budget', { budgetName: 'Home Budget' });
    if (isHandlerError(made)) throw new Error(made.error.message);
    expect(made.id).toMatch(/^Home-Budget-[0-9a-f]{7}$/);
    const dir = join(documentDir, made.id);
    expect(JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8'))).toEqual({
      id: made.id,
      budgetName: 'Home Budget',
    });
    expect(core.budget?.id).toBe(made.id);
    expect(await core.send('load-prefs')).toEqual({ id: made.id, budgetName: 'Home Budget' });

    const db = core.budget!.sqlite;
    const income = db.all<{ name: string }>(
      `SELECT c.name FROM categories c JOIN category_groups g ON g.id = c.cat_group
       WHERE g.is_income = 1 AND c.is_income = 1 ORDER BY c.sort_order`,
    );
    expect(income.map((c) => c.name)).toEqual(['Income', 'Starting Balances']);
    const expense = db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM categories WHERE is_income = 0',
    )!;
    expect(expense.n).toBeGreaterThanOrEqual(5);
    const unmapped = db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM categories c LEFT JOIN category_mapping m ON m.id = c.id WHERE m.transferId IS NOT c.id',
    )!;
    expect(unmapped.n).toBe(0);
    expect(db.first("SELECT value FROM __meta__ WHERE key = 'view-hash'")).toEqual({
      value: viewHash(viewSql(FileColumns.learn(db))),
    });
  });

  it('a test-mode budget uses the fixed test id and replaces the previous one', async () => {
    const { core } = setup();
    const first = await core.send('create-budget', { testMode: true });
    const second = await core.send('create-budget', { testMode: true });
    expect(first).toEqual({ id: '_test-budget' });
    expect(second).toEqual({ id: '_test-budget' });
    expect(core.budget?.prefs.budgetName).toBe('Test Budget');
  });

  it('names budgets uniquely when no name is given', async () => {
    const { core, platform, documentDir } = setup();
    await core.send('create-budget', {});
    await core.send('create-budget', {});
    const names = (await listBudgets({ platform, documentDir })).map((b) => b.budgetName).sort();
    expect(names).toEqual(['My Finances', 'My Finances 1']);
  });

  it('reopens with its data and the same clock node', async () => {
    const { core, id } = await createClosed();
    expect(await core.send('load-budget', { id })).toEqual({});
    const node = core.budget!.db.nodeId;
    core.budget!.db.insert('payees', { name: 'Grocer' });
    await core.send('close-budget');
    expect(core.budget).toBeNull();
    await core.send('load-budget', { id });
    expect(core.budget!.db.nodeId).toBe(node);
    expect(core.budget!.sqlite.first('SELECT name FROM payees')).toEqual({ name: 'Grocer' });
  });

  it('save-prefs writes metadata.json and syncs the budget name', async () => {
    const { core, id, dir } = await createClosed();
    await core.send('load-budget', { id });
    expect(await core.send('save-prefs', { budgetName: 'Renamed', dateFormat: 'dd/MM/yyyy' })).toBe(
      'ok',
    );
    expect(JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8'))).toMatchObject({
      id,
      budgetName: 'Renamed',
      dateFormat: 'dd/MM/yyyy',
    });
    const log = core.budget!.db.getMessagesSince('');
    expect(log.filter((m) => m.dataset === 'prefs')).toEqual([
      expect.objectContaining({ row: 'budgetName', column: 'value', value: 'S:Renamed' }),
    ]);
  });

  it('a remote budget rename updates metadata.json and pushes prefs-updated', async () => {
    const { core, id, dir } = await createClosed();
    const pushed: unknown[] = [];
    core.events.on('prefs-updated', (p) => pushed.push(p));
    await core.send('load-budget', { id });
    const timestamp = `${new Date().toISOString()}-0000-00000000000000ff`;
    core.budget!.db.applyMessages(
      [{ timestamp, dataset: 'prefs', row: 'budgetName', column: 'value', value: 'From phone' }],
      { source: 'remote' },
    );
    await core.send('close-budget');
    expect(pushed).toEqual([{ prefs: { budgetName: 'From phone' } }]);
    expect(JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')).budgetName).toBe(
      'From phone',
    );
  });

  it('reports a missing budget', async () => {
    const { core } = setup();
    expect(await core.send('load-budget', { id: 'nope' })).toMatchObject({
      error: { type: 'budget-not-found' },
    });
    expect(await core.send('load-budget', { id: '../etc' })).toMatchObject({
      error: { type: 'budget-not-found' },
    });
  });

  it('resetClock gives the copy a new node id and clears the flag', async () => {
    const { core, id, dir } = await createClosed();
    await core.send('load-budget', { id });
    const node = core.budget!.db.nodeId;
    await core.send('close-budget');
    const meta = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8'));
    writeFileSync(join(dir, 'metadata.json'), JSON.stringify({ ...meta, resetClock: true }));
    await core.send('load-budget', { id });
    expect(core.budget!.db.nodeId).not.toBe(node);
    await core.send('close-budget');
    expect(JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')).resetClock).toBe(false);
  });

  it('refuses a file whose migrations diverge from ours', async () => {
    const { core, id, dir } = await createClosed();
    const raw = new Database(join(dir, 'db.sqlite'));
    raw.prepare('DELETE FROM __migrations__ WHERE id = 1618975177358').run();
    raw.prepare('INSERT INTO __migrations__ (id) VALUES (1618975177359)').run();
    raw.close();
    expect(await core.send('load-budget', { id })).toMatchObject({
      error: { type: 'out-of-sync-migrations' },
    });
    expect(core.budget).toBeNull();
  });

  it('opens a file from a newer Actual (extra migrations, columns, tables) and rebuilds views', async () => {
    const { core, id, dir } = await createClosed();
    const raw = new Database(join(dir, 'db.sqlite'));
    raw.exec(`
      INSERT INTO __migrations__ (id) VALUES (1694438752000), (1697046240000);
      ALTER TABLE transactions ADD COLUMN reconciled INTEGER DEFAULT 0;
      CREATE TABLE custom_reports (id TEXT PRIMARY KEY, name TEXT, tombstone INTEGER DEFAULT 0);
      UPDATE __meta__ SET value = 'someone-elses-hash' WHERE key = 'view-hash';
      DROP VIEW v_payees;`);
    raw.close();
    expect(await core.send('load-budget', { id })).toEqual({});
    const budget = core.budget as Budget;
    expect(budget.sqlite.first("SELECT value FROM __meta__ WHERE key = 'view-hash'")).toEqual({
      value: viewHash(viewSql(FileColumns.learn(budget.sqlite))),
    });
    expect(budget.sqlite.all('SELECT * FROM v_payees')).toEqual([]);
    budget.db.insert('transactions', { acct: 'a', amount: -100, date: 20230806 });
    expect(budget.sqlite.first('SELECT amount, reconciled FROM transactions')).toEqual({
      amount: -100,
      reconciled: 0,
    });
  });
});
