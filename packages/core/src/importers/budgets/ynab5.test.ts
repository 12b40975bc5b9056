import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { occursOn } from '../../schedules/recurrence/dates.ts';
import { getNextDate } from '../../schedules/recurrence/index.ts';
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

  it('imports every scheduled transaction as a schedule with its payee, account, amount and repeat', async () => {
    const t = importCore();
    cleanup = t.cleanup;
    const bytes = new Uint8Array(readFileSync(FIXTURE));
    expect(await t.send('import-budget', { bytes, type: 'ynab5' })).toEqual({});
    const budget = await t.budget();
    const scheduled = file.scheduled_transactions.filter((s: any) => !s.deleted);
    expect(scheduled.length).toBeGreaterThan(0);
    const rows = budget.sqlite.all<{ id: string; name: string; conditions: string; next: number }>(
      `SELECT s.id, s.name, r.conditions, n.local_next_date AS next FROM schedules s
       JOIN rules r ON r.id = s.rule JOIN schedules_next_date n ON n.schedule_id = s.id
       WHERE s.tombstone = 0`,
    );
    expect(rows).toHaveLength(scheduled.length);
    const accountName = (id: string) =>
      budget.sqlite.first<{ name: string }>('SELECT name FROM accounts WHERE id = ?', [id])?.name;
    const payeeRow = (id: string) =>
      budget.sqlite.first<{ name: string; transfer_acct: string | null }>(
        'SELECT name, transfer_acct FROM payees WHERE id = ?',
        [id],
      );
    const ynabName = (list: any[], id: string) => list.find((x: any) => x.id === id)?.name;

    // What each nYNAB repeat means: the occurrence after the first one.
    const plus = (day: string, months: number, days = 0) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + months);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const second: Record<string, (first: string) => string> = {
      daily: (f) => plus(f, 0, 1),
      weekly: (f) => plus(f, 0, 7),
      everyOtherWeek: (f) => plus(f, 0, 14),
      every4Weeks: (f) => plus(f, 0, 28),
      twiceAMonth: (f) => plus(f, 0, 15),
      monthly: (f) => plus(f, 1),
      everyOtherMonth: (f) => plus(f, 2),
      every3Months: (f) => plus(f, 3),
      every4Months: (f) => plus(f, 4),
      twiceAYear: (f) => plus(f, 6),
      yearly: (f) => plus(f, 12),
      everyOtherYear: (f) => plus(f, 24),
    };

    for (const s of scheduled) {
      const row = rows.find((r) => r.name === s.memo);
      expect(row, s.memo).toBeDefined();
      // Stored under the database's field names, as Actual stores them.
      const field: Record<string, string> = { description: 'payee', acct: 'account' };
      const cond = Object.fromEntries(
        (JSON.parse(row!.conditions) as Array<{ field: string; value: any }>).map((c) => [
          field[c.field] ?? c.field,
          c.value,
        ]),
      );
      expect(cond.amount, s.memo).toBe(s.amount / 10);
      expect(accountName(cond.account), s.memo).toBe(ynabName(file.accounts, s.account_id));
      const payee = payeeRow(cond.payee)!;
      if (s.transfer_account_id) {
        expect(accountName(payee.transfer_acct!), s.memo).toBe(
          ynabName(file.accounts, s.transfer_account_id),
        );
      } else {
        expect(payee.name, s.memo).toBe(ynabName(file.payees, s.payee_id));
      }
      if (s.frequency === 'never') {
        expect(cond.date, s.memo).toBe(s.date_next);
        expect(row!.next, s.memo).toBe(Number(s.date_next.replaceAll('-', '')));
        continue;
      }
      // The repeat falls on nYNAB's dates: the first, the next it names, and the one after
      // the first that the frequency's name promises.
      expect(cond.date.start, s.memo).toBe(s.date_first);
      expect(occursOn(cond.date, s.date_first), s.memo).toBe(true);
      expect(occursOn(cond.date, s.date_next), s.memo).toBe(true);
      expect(getNextDate(cond.date, plus(s.date_first, 0, 1)), s.memo).toBe(
        second[s.frequency]!(s.date_first),
      );
    }
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
