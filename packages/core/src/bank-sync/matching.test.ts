import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type BankFixture,
  type BankTx,
  bankTx,
  openBankFixture,
} from './test-helpers/fake-server.ts';

let b: BankFixture;
beforeEach(async () => {
  b = await openBankFixture();
});
afterEach(() => b.close());

interface Answer {
  booked?: BankTx[];
  pending?: BankTx[];
}

/** A row left in the account after the last sync; `kept`: the row the first sync made. */
interface Row {
  amount: number;
  id: string;
  date: number;
  pending: 0 | 1;
  cleared: 0 | 1;
  kept: boolean;
}

interface Case {
  name: string;
  /** The bank's answer at the first sync (the link), then at the next one. */
  first: Answer;
  then: Answer;
  rows: Row[];
  /** Why the pending rows that posted were replaced (SyncOutcome.replacedPending). */
  reasons?: string[];
  dropped?: number;
}

const row = (amount: number, id: string, date: number, pending: 0 | 1, kept: boolean): Row => ({
  amount,
  id,
  date,
  pending,
  cleared: pending ? 0 : 1,
  kept,
});

// The limits, and the edges on each side of them. The fake's clock is 2023-08-06.
const CASES: Case[] = [
  {
    name: 'a restaurant tip (+25 %) replaces its pending row',
    first: { pending: [bankTx('p1', '2023-08-01', '-40.00', 'TRATTORIA ROMA')] },
    then: { booked: [bankTx('b1', '2023-08-02', '-50.00', 'Trattoria Roma')] },
    rows: [row(-5000, 'b1', 20230802, 0, true)],
    reasons: ['tip'],
  },
  {
    name: 'a tip over 25 % is another transaction: the pending row goes, the posted one is new',
    first: { pending: [bankTx('p1', '2023-08-01', '-40.00', 'Trattoria Roma')] },
    then: { booked: [bankTx('b1', '2023-08-02', '-50.01', 'Trattoria Roma')] },
    rows: [row(-5001, 'b1', 20230802, 0, false)],
    reasons: [],
    dropped: 1,
  },
  {
    name: 'a hold that posts 3 days later under another id replaces its pending row',
    first: { pending: [bankTx('h1', '2023-08-01', '-120.00', 'Hotel Lux')] },
    then: { booked: [bankTx('h2', '2023-08-04', '-120.00', 'HOTEL LUX BERLIN')] },
    rows: [row(-12000, 'h2', 20230804, 0, true)],
    reasons: ['same-amount'],
  },
  {
    name: 'a pending row that posts under its own id is matched by it',
    first: { pending: [bankTx('x1', '2023-08-01', '-9.99', 'Stream')] },
    then: { booked: [bankTx('x1', '2023-08-03', '-9.99', 'Stream')] },
    rows: [row(-999, 'x1', 20230803, 0, true)],
    reasons: [],
  },
  {
    name: 'two identical coffees on one day stay two',
    first: {
      booked: [
        bankTx('c1', '2023-08-03', '-4.50', 'Cafe'),
        bankTx('c2', '2023-08-03', '-4.50', 'Cafe'),
      ],
    },
    then: {
      booked: [
        bankTx('c1', '2023-08-03', '-4.50', 'Cafe'),
        bankTx('c2', '2023-08-03', '-4.50', 'Cafe'),
      ],
    },
    rows: [row(-450, 'c1', 20230803, 0, true), row(-450, 'c2', 20230803, 0, true)],
  },
  {
    name: 'two identical pending coffees that post become two posted coffees',
    first: {
      pending: [
        bankTx('p1', '2023-08-03', '-4.50', 'Cafe'),
        bankTx('p2', '2023-08-03', '-4.50', 'Cafe'),
      ],
    },
    then: {
      booked: [
        bankTx('b1', '2023-08-04', '-4.50', 'Cafe'),
        bankTx('b2', '2023-08-04', '-4.50', 'Cafe'),
      ],
    },
    rows: [row(-450, 'b1', 20230804, 0, true), row(-450, 'b2', 20230804, 0, true)],
    reasons: ['same-amount', 'same-amount'],
  },
  {
    name: 'a pending row that never posts is removed when the bank drops it',
    first: { pending: [bankTx('p1', '2023-08-02', '-20.00', 'Kiosk')] },
    then: {},
    rows: [],
    dropped: 1,
  },
  {
    name: 'a pending row the bank still lists stays pending',
    first: { pending: [bankTx('p1', '2023-08-02', '-20.00', 'Kiosk')] },
    then: { pending: [bankTx('p1', '2023-08-02', '-20.00', 'Kiosk')] },
    rows: [row(-2000, 'p1', 20230802, 1, true)],
  },
  {
    name: 'a posting more than 7 days after the pending row is not it',
    first: { pending: [bankTx('p1', '2023-07-20', '-30.00', 'Garage')] },
    then: { booked: [bankTx('b1', '2023-07-28', '-30.00', 'Garage')] },
    rows: [row(-3000, 'b1', 20230728, 0, false)],
    dropped: 1,
  },
  {
    name: 'another payee with another amount is not a tip',
    first: { pending: [bankTx('p1', '2023-08-01', '-40.00', 'Trattoria Roma')] },
    then: { booked: [bankTx('b1', '2023-08-02', '-45.00', 'Pizzeria Napoli')] },
    rows: [row(-4500, 'b1', 20230802, 0, false)],
    dropped: 1,
  },
  {
    name: 'money in is never the posting of money out',
    first: { pending: [bankTx('p1', '2023-08-01', '-40.00', 'Shop')] },
    then: { booked: [bankTx('b1', '2023-08-02', '40.00', 'Shop')] },
    rows: [row(4000, 'b1', 20230802, 0, false)],
    dropped: 1,
  },
  {
    name: 'a new pending row beside posted ones is added as pending, not cleared',
    first: { booked: [bankTx('b1', '2023-08-01', '-10.00', 'Bakery')] },
    then: {
      booked: [bankTx('b1', '2023-08-01', '-10.00', 'Bakery')],
      pending: [bankTx('p9', '2023-08-05', '-10.00', 'Bakery')],
    },
    rows: [row(-1000, 'b1', 20230801, 0, true), row(-1000, 'p9', 20230805, 1, false)],
  },
];

interface Outcome {
  errors: unknown[];
  replacedPending: { id: string; reason: string; was: { date: string; amount: number } }[];
  droppedPending: string[];
}

describe('pending rows that post, and the matching people can trust', () => {
  it.each(CASES)('$name', async (c) => {
    b.answer.booked = c.first.booked ?? [];
    b.answer.pending = c.first.pending ?? [];
    const acct = await b.link();
    // What the person set on the first rows must survive their replacement.
    const first = b.f.sql.all<{ id: string }>(
      'SELECT id FROM transactions WHERE acct = ? AND starting_balance_flag = 0 AND tombstone = 0',
      [acct],
    );
    for (const { id } of first) {
      await b.send('transaction-update', { id, notes: 'mine' });
    }
    b.answer.booked = c.then.booked ?? [];
    b.answer.pending = c.then.pending ?? [];
    const out = (await b.send('gocardless-accounts-sync', { id: acct })) as Outcome;
    expect(out.errors).toEqual([]);

    const rows = b.f.sql
      .all<{
        id: string;
        amount: number;
        financial_id: string;
        date: number;
        pending: number;
        cleared: number;
        notes: string | null;
      }>(
        `SELECT id, amount, financial_id, date, pending, cleared, notes FROM transactions
         WHERE acct = ? AND starting_balance_flag = 0 AND tombstone = 0
         ORDER BY amount, financial_id`,
        [acct],
      )
      .map((r) => ({
        amount: r.amount,
        id: r.financial_id,
        date: r.date,
        pending: r.pending,
        cleared: r.cleared,
        kept: first.some((f) => f.id === r.id) && r.notes === 'mine',
      }));
    expect(rows).toEqual(c.rows);
    if (c.reasons) expect(out.replacedPending.map((r) => r.reason)).toEqual(c.reasons);
    expect(out.droppedPending).toHaveLength(c.dropped ?? 0);
  });

  it('tells what a replaced row was while pending', async () => {
    b.answer.pending = [bankTx('p1', '2023-08-01', '-40.00', 'Trattoria Roma')];
    const acct = await b.link();
    const pendingId = b.f.sql.first<{ id: string }>(
      "SELECT id FROM transactions WHERE financial_id = 'p1'",
    )!.id;
    b.answer.pending = [];
    b.answer.booked = [bankTx('b1', '2023-08-02', '-48.00', 'Trattoria Roma')];
    const out = (await b.send('gocardless-accounts-sync', { id: acct })) as Outcome & {
      matchedTransactions: string[];
    };
    expect(out.replacedPending).toEqual([
      { id: pendingId, reason: 'tip', was: { date: '2023-08-01', amount: -4000 } },
    ]);
    expect(out.matchedTransactions).toEqual([pendingId]);
    const raw = b.f.sql.first<{ raw: string }>(
      `SELECT ${b.f.budget.db.columns.columnSql('transactions', 'raw_synced_data')} AS raw
       FROM transactions t${b.f.budget.db.columns.joinSql('transactions')} WHERE t.id = ?`,
      [pendingId],
    )!;
    expect(JSON.parse(raw.raw)).toMatchObject({ transactionId: 'b1', booked: true });
  });

  it('undoes a sync that replaced and dropped pending rows in one step', async () => {
    b.answer.pending = [
      bankTx('p1', '2023-08-01', '-40.00', 'Trattoria Roma'),
      bankTx('p2', '2023-08-02', '-7.00', 'Kiosk'),
    ];
    const acct = await b.link();
    const before = b.f.txsOf(acct);
    b.answer.pending = [];
    b.answer.booked = [bankTx('b1', '2023-08-02', '-48.00', 'Trattoria Roma')];
    await b.send('gocardless-accounts-sync', { id: acct });
    expect(b.f.txsOf(acct)).toHaveLength(2);
    await b.send('undo');
    expect(b.f.txsOf(acct)).toEqual(before);
  });

  it('runs the rules on bank rows as on a file import', async () => {
    const groceries = b.f.category('Groceries');
    const added = (await b.send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'imported_payee', op: 'contains', value: 'market' }],
      actions: [{ op: 'set', field: 'category', value: groceries }],
    })) as { id?: string };
    expect(added.id).toBeTruthy();
    b.answer.booked = [bankTx('b1', '2023-08-02', '-23.10', 'Fresh Market')];
    b.answer.pending = [bankTx('p1', '2023-08-05', '-5.00', 'Corner Market')];
    const acct = await b.link();
    const cats = b.f.sql.all<{ financial_id: string; category: string | null }>(
      'SELECT financial_id, category FROM transactions WHERE acct = ? AND starting_balance_flag = 0 ORDER BY financial_id',
      [acct],
    );
    expect(cats).toEqual([
      { financial_id: 'b1', category: groceries },
      { financial_id: 'p1', category: groceries },
    ]);
  });
});

describe('the sync state, where Actual keeps it', () => {
  const state = (acct: string) => {
    const cols = b.f.budget.db.columns;
    return b.f.sql.first<{ last_sync: string | null; status: string | null }>(
      `SELECT ${cols.columnSql('accounts', 'last_sync')} AS last_sync,
         ${cols.columnSql('accounts', 'bank_sync_status')} AS status
       FROM accounts t${cols.joinSql('accounts')} WHERE t.id = ?`,
      [acct],
    )!;
  };

  it('records the last sync and its outcome, and a failure changes no transaction', async () => {
    b.answer.booked = [bankTx('b1', '2023-08-02', '-3.00', 'Kiosk')];
    const acct = await b.link();
    expect(state(acct)).toEqual({
      last_sync: String(b.f.platform.clock.now()),
      status: 'ok',
    });
    const rows = b.f.txsOf(acct);
    b.answer.error = { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' };
    await b.send('gocardless-accounts-sync', { id: acct });
    expect(state(acct).status).toBe('reauth-required');
    expect(b.f.txsOf(acct)).toEqual(rows);
    b.answer.error = { error_type: 'RATE_LIMIT_EXCEEDED', error_code: 'RATE_LIMIT_EXCEEDED' };
    await b.send('gocardless-accounts-sync', { id: acct });
    expect(state(acct).status).toBe('rate-limit-exceeded');
    b.answer.error = null;
    await b.send('gocardless-accounts-sync', { id: acct });
    expect(state(acct).status).toBe('ok');
    expect(b.f.txsOf(acct)).toEqual(rows);
  });
});
