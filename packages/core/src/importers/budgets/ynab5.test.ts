import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { occursOn } from '../../recurrence/dates.ts';
import { getNextDate } from '../../recurrence/index.ts';
import { fixturePath } from '../parse/test-helpers/fixtures.ts';
import { budgetedOf, importCore } from './test-helpers/import-core.ts';

const FIXTURE = fixturePath('nynab/actual-ynab5-demo-budget.json');
/* eslint-disable @typescript-eslint/no-explicit-any -- the fixture is plain JSON */
const file: any = JSON.parse(readFileSync(FIXTURE, 'utf8')).budget;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const exportDay: string = file.last_modified_on.slice(0, 10);
const liveTransactions = (f: any): any[] => f.transactions.filter((x: any) => !x.deleted);

/**
 * What the file itself says: each live account's own `balance` (milliunits → cents), which
 * nYNAB computes as of the export, and the budgeted amounts. `later` is what the file's own
 * transactions dated after the export add on top (split parents counted by their amount): the
 * demo's Checking has a split and a deposit dated later, its Saving the transfer from that
 * split (+50.00), so today the sidebar rightly reads 2,600.00 and 250.00 against 700.00 and
 * 200.00.
 */
function expectations() {
  const balances: Record<string, number> = {};
  const later: Record<string, number> = {};
  for (const a of file.accounts.filter((x: any) => !x.deleted)) {
    balances[a.name] = a.balance / 10;
    later[a.name] =
      a.balance / 10 +
      liveTransactions(file)
        .filter((t: any) => t.account_id === a.id && t.date > exportDay)
        .reduce((sum: number, t: any) => sum + t.amount / 10, 0);
  }
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
  return { balances, later, months };
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
    // Every live account, closed ones too, against the file's own balance as of the export,
    // then with the file's later-dated transactions on top.
    expect(Object.keys(want.balances)).toEqual(['Checking', 'Saving']);
    expect(await t.balances(exportDay)).toEqual(want.balances);
    expect(await t.balances()).toEqual(want.later);
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
    expect(splits?.n).toBe(file.subtransactions.filter((x: any) => !x.deleted).length);
    // The demo's split adds up: no split error, no line added.
    const parents = budget.sqlite.all<{ amount: number; error: string | null; lines: number }>(
      `SELECT p.amount, p.error, SUM(c.amount) AS lines FROM transactions p
       JOIN transactions c ON c.parent_id = p.id AND c.tombstone = 0
       WHERE p.isParent = 1 AND p.tombstone = 0 GROUP BY p.id`,
    );
    expect(parents.length).toBeGreaterThan(0);
    for (const p of parents) expect([p.lines, p.error]).toEqual([p.amount, null]);
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

  it('keeps each account at the file’s balance: uneven splits, deleted rows, closed and deleted accounts', async () => {
    const tx = (id: string, account: string, amount: number, extra: object = {}) => ({
      id,
      date: '2023-05-02',
      amount,
      account_id: account,
      payee_id: 'shop',
      category_id: null,
      cleared: 'cleared',
      deleted: false,
      ...extra,
    });
    const sub = (
      id: string,
      parent: string,
      amount: number,
      category: string,
      deleted = false,
    ) => ({
      id,
      transaction_id: parent,
      amount,
      category_id: category,
      payee_id: null,
      memo: id,
      deleted,
    });
    const synthetic = {
      budget: {
        name: 'Uneven',
        last_modified_on: '2023-05-03T00:00:00+00:00',
        accounts: [
          {
            id: 'a',
            name: 'Open',
            on_budget: true,
            closed: false,
            deleted: false,
            balance: -200000,
          },
          { id: 'b', name: 'Shut', on_budget: true, closed: true, deleted: false, balance: 140000 },
          { id: 'c', name: 'Gone', on_budget: true, closed: false, deleted: true, balance: 10000 },
        ],
        payees: [
          { id: 'shop', name: 'Shop', transfer_account_id: null, deleted: false },
          { id: 'to-b', name: 'Transfer : Shut', transfer_account_id: 'b', deleted: false },
          { id: 'to-a', name: 'Transfer : Open', transfer_account_id: 'a', deleted: false },
        ],
        category_groups: [
          { id: 'int', name: 'Internal Master Category', hidden: false, deleted: false },
          { id: 'g', name: 'Bills', hidden: false, deleted: false },
        ],
        categories: [
          { id: 'rta', category_group_id: 'int', name: 'Inflow: Ready to Assign', deleted: false },
          { id: 'food', category_group_id: 'g', name: 'Food', hidden: false, deleted: false },
          { id: 'rent', category_group_id: 'g', name: 'Rent', hidden: false, deleted: false },
        ],
        months: [
          {
            month: '2023-05-01',
            deleted: false,
            categories: [{ id: 'food', category_group_id: 'g', budgeted: 50000, deleted: false }],
          },
        ],
        transactions: [
          // Lines of 30 + 50 under a parent of 100: 20 is left for an uncategorized line.
          tx('uneven', 'a', -100000),
          // Only the live line counts; the deleted one would make the lines disagree.
          tx('even', 'a', -60000),
          tx('dropped', 'a', -999000, { deleted: true }),
          tx('out', 'a', -40000, {
            payee_id: 'to-b',
            transfer_account_id: 'b',
            transfer_transaction_id: 'in',
          }),
          tx('in', 'b', 40000, {
            payee_id: 'to-a',
            transfer_account_id: 'a',
            transfer_transaction_id: 'out',
          }),
          tx('pay', 'b', 100000, { category_id: 'rta' }),
          tx('lost', 'c', 10000),
        ],
        subtransactions: [
          sub('u1', 'uneven', -30000, 'food'),
          sub('u2', 'uneven', -50000, 'rent'),
          sub('e1', 'even', -60000, 'food'),
          sub('e2', 'even', -25000, 'rent', true),
          sub('d1', 'dropped', -999000, 'food'),
        ],
      },
    };
    const t = importCore();
    cleanup = t.cleanup;
    const bytes = new TextEncoder().encode(JSON.stringify(synthetic));
    expect(await t.send('import-budget', { bytes, type: 'ynab5' })).toEqual({});
    const own = Object.fromEntries(
      synthetic.budget.accounts.filter((a) => !a.deleted).map((a) => [a.name, a.balance / 10]),
    );
    expect(await t.balances()).toEqual(own);
    const budget = await t.budget();
    const lines = budget.sqlite.all<{ parent: number; amount: number; category: string | null }>(
      `SELECT p.amount AS parent, c.amount, cat.name AS category FROM transactions c
       JOIN transactions p ON p.id = c.parent_id LEFT JOIN categories cat ON cat.id = c.category
       WHERE c.isChild = 1 AND c.tombstone = 0 ORDER BY p.amount, c.amount`,
    );
    expect(lines).toEqual([
      { parent: -10000, amount: -5000, category: 'Rent' },
      { parent: -10000, amount: -3000, category: 'Food' },
      { parent: -10000, amount: -2000, category: null },
      { parent: -6000, amount: -6000, category: 'Food' },
    ]);
    const errors = budget.sqlite.all('SELECT id FROM transactions WHERE error IS NOT NULL');
    expect(errors).toEqual([]);
    const remainder = budget.sqlite.first<{ name: string }>(
      `SELECT p.name FROM transactions t JOIN payees p ON p.id = t.description
       WHERE t.isChild = 1 AND t.category IS NULL`,
    );
    expect(remainder?.name).toBe('Shop');
    const closed = budget.sqlite.first<{ closed: number }>(
      "SELECT closed FROM accounts WHERE name = 'Shut'",
    );
    expect(closed?.closed).toBe(1);
    expect(await budgetedOf(t.send, '2023-05')).toEqual(['Bills/Food=5000']);
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
