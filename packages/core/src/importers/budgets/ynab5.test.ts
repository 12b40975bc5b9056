import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetedOf, importCore } from './test-helpers/import-core.ts';

const FIXTURE = '/work/shared/fixtures/nynab/actual-ynab5-demo-budget.json';
/* eslint-disable @typescript-eslint/no-explicit-any -- the fixture is plain JSON */
const file: any = JSON.parse(readFileSync(FIXTURE, 'utf8')).budget;

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** What the file itself says: balances and budgeted amounts, converted to cents. */
function expectations() {
  const balances: Record<string, number> = {};
  for (const a of file.accounts.filter((x: any) => !x.deleted)) balances[a.name] = a.balance / 10;
  const groups = new Map<string, any>(file.category_groups.map((g: any) => [g.id, g]));
  const months = new Map<string, string[]>();
  for (const m of file.months) {
    const rows: string[] = [];
    for (const c of m.categories) {
      const g = groups.get(c.category_group_id);
      if (c.deleted || !g || g.deleted || g.name === 'Internal Master Category') continue;
      if (c.budgeted) rows.push(`${g.name}/${c.name}=${c.budgeted / 10}`);
    }
    months.set(m.month.slice(0, 7), rows.sort());
  }
  return { balances, months };
}

describe('nYNAB import', () => {
  it('imports the demo budget with the file’s balances and budgeted amounts', async () => {
    const t = importCore();
    cleanup = t.cleanup;
    const bytes = readFileSync(FIXTURE);
    const res = await t.send('import-budget', { bytes: new Uint8Array(bytes), type: 'ynab5' });
    expect(res).toEqual({});
    expect(t.events).toContain('start-import');
    expect(t.events).toContain('finish-import');
    const want = expectations();
    // nYNAB's balances are as of the export day; later-dated transactions come on top.
    expect(await t.balances(file.last_modified_on.slice(0, 10))).toEqual(want.balances);
    expect(Object.values(await t.balances()).reduce((a, b) => a + b, 0)).toBe(
      file.transactions.reduce((sum: number, x: any) => sum + x.amount / 10, 0),
    );
    expect(want.months.size).toBeGreaterThan(0);
    for (const [month, rows] of want.months) {
      expect(await budgetedOf(t.send, month)).toEqual(rows);
    }
    const budget = await t.budget();
    expect(budget.prefs.budgetName).toBe(file.name);
    // Both sides of every transfer point at each other.
    const links = budget.sqlite.all<{ id: string; transferred_id: string; back: string | null }>(
      `SELECT t.id, t.transferred_id, o.transferred_id AS back FROM transactions t
       LEFT JOIN transactions o ON o.id = t.transferred_id WHERE t.transferred_id IS NOT NULL`,
    );
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const l of links) expect(l.back).toBe(l.id);
    const splits = budget.sqlite.first<{ n: number }>(
      'SELECT count(*) AS n FROM transactions WHERE isChild = 1 AND tombstone = 0',
    );
    expect(splits?.n).toBe(file.subtransactions.length);
    const notes = budget.sqlite.all<{ note: string }>('SELECT note FROM notes');
    const fileNotes = file.categories.filter((c: any) => c.note).map((c: any) => c.note);
    for (const n of fileNotes) expect(notes.map((x) => x.note)).toContain(n);
  });

  it('reports parse-error and not-ynab5', async () => {
    const t = importCore();
    cleanup = t.cleanup;
    const enc = new TextEncoder();
    const bad = await t.send('import-budget', { bytes: enc.encode('{nope'), type: 'ynab5' });
    expect(bad.error.type).toBe('parse-error');
    expect(bad.error.message).toBe(
      'Unable to parse file. Please select a JSON file exported from nYNAB.',
    );
    const other = await t.send('import-budget', { bytes: enc.encode('{"a":1}'), type: 'ynab5' });
    expect(other.error.type).toBe('not-ynab5');
    expect(await t.send('get-budgets')).toBeDefined();
  });
});
