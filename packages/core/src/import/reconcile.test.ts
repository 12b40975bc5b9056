import { describe, expect, it } from 'vitest';

import { openAppCore } from '../transactions/test-helpers/app-core.ts';

type Send = (name: string, args?: unknown) => Promise<unknown>;
interface Result {
  errors: { message: string }[];
  added: string[];
  updated: string[];
  updatedWithLines: string[];
}

async function setup() {
  const f = await openAppCore();
  const send: Send = (name, args) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  const importTxs = (transactions: unknown[], accountId = account) =>
    send('transactions-import', { accountId, transactions }) as Promise<Result>;
  const payeeNames = () =>
    f.sql
      .all<{ name: string }>(
        "SELECT name FROM payees WHERE tombstone = 0 AND name != '' ORDER BY name",
      )
      .map((p) => p.name);
  const add = async (rows: object[]) => {
    const ids = rows.map((_, i) => `existing-${i}`);
    await send('transactions-batch-update', {
      added: rows.map((r, i) => ({ account, ...r, id: ids[i] })),
    });
    return ids;
  };
  return { f, send, account, importTxs, payeeNames, add };
}

describe('transactions-import', () => {
  it('title-cases new payees, keeps imported_payee, and creates only used payees', async () => {
    const { f, importTxs, payeeNames, add, send } = await setup();
    const known = (await send('payee-create', { name: 'Known' })) as string;
    await add([{ date: '2023-08-01', amount: -500, payee: known }]);
    const result = await importTxs([
      { date: '2023-08-02', amount: -100, payee_name: '  BANK OF AMERICA  ' },
      { date: '2023-08-02', amount: -200, payee_name: 'bank of america', imported_payee: 'BOA 1' },
      { date: '2023-08-03', amount: -300, payee_name: 'known' },
      // Matches the existing transaction, which keeps its payee: "Never Used" is not created.
      { date: '2023-08-01', amount: -500, payee_name: 'never used' },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.added).toHaveLength(3);
    expect(result.updated).toEqual(['existing-0']);
    expect(payeeNames()).toEqual(['Bank of America', 'Known']);
    const rows = result.added.map((id) => f.tx(id));
    expect(rows.map((r) => r.imported_description)).toEqual(['Bank of America', 'BOA 1', 'Known']);
    expect(rows[0]!.description).toBe(rows[1]!.description);
    expect(rows[2]!.description).toBe(known);
    expect(f.tx('existing-0')).toMatchObject({
      description: known,
      imported_description: 'Never Used',
      cleared: 1,
    });
  });

  it('matches by imported id first, then amount within 4 days before to 1 day after', async () => {
    const { f, importTxs, add } = await setup();
    await add([
      { date: '2023-08-10', amount: -1000, imported_id: 'bank-1', notes: 'mine' },
      { date: '2023-08-05', amount: -700 }, // 5 days before: too early
      { date: '2023-08-06', amount: -800 }, // 4 days before: fine
      { date: '2023-08-12', amount: -900 }, // 2 days after: too late
      { date: '2023-08-11', amount: -600 }, // 1 day after: fine
    ]);
    const result = await importTxs([
      { date: '2023-08-09', amount: -1000, imported_id: 'bank-1', notes: 'bank note' },
      { date: '2023-08-10', amount: -700 },
      { date: '2023-08-10', amount: -800 },
      { date: '2023-08-10', amount: -900 },
      { date: '2023-08-10', amount: -600 },
    ]);
    expect(result.updated.sort()).toEqual(['existing-0', 'existing-2', 'existing-4']);
    expect(result.added).toHaveLength(2);
    // The import's date wins; the user's notes stay.
    expect(f.tx('existing-0')).toMatchObject({
      date: 20230809,
      notes: 'mine',
      financial_id: 'bank-1',
    });
    expect(f.tx('existing-2').date).toBe(20230810);
  });

  it('prefers a candidate with the same payee, and claims each existing row once', async () => {
    const { f, importTxs, add, send } = await setup();
    const a = (await send('payee-create', { name: 'Alpha' })) as string;
    const b = (await send('payee-create', { name: 'Beta' })) as string;
    await add([
      { date: '2023-08-10', amount: -500, payee: a },
      { date: '2023-08-10', amount: -500, payee: b },
    ]);
    const result = await importTxs([
      { date: '2023-08-10', amount: -500, payee_name: 'Gamma' },
      { date: '2023-08-10', amount: -500, payee_name: 'beta' },
      { date: '2023-08-10', amount: -500, payee_name: 'Delta' },
    ]);
    // Beta claims its twin first; Gamma takes what is left; Delta is new.
    expect(result.updated.sort()).toEqual(['existing-0', 'existing-1']);
    expect(result.added).toHaveLength(1);
    expect(f.tx(result.added[0]!).imported_description).toBe('Delta');
    expect(f.tx('existing-0').imported_description).toBe('Gamma');
    expect(f.tx('existing-1').imported_description).toBe('Beta');
  });

  it('fills empty fields of a match but never overwrites what the user set', async () => {
    const { f, importTxs, add, send } = await setup();
    const mine = (await send('payee-create', { name: 'Mine' })) as string;
    const groceries = f.category('Groceries');
    await add([
      { date: '2023-08-10', amount: -100, payee: mine, category: groceries, notes: 'kept' },
      { date: '2023-08-10', amount: -200 },
    ]);
    const household = f.category('Household');
    const result = await importTxs([
      { date: '2023-08-10', amount: -100, payee_name: 'Theirs', category: household, notes: 'no' },
      {
        date: '2023-08-10',
        amount: -200,
        payee_name: 'Theirs',
        category: 'household',
        notes: 'yes',
      },
    ]);
    expect(result.updated.sort()).toEqual(['existing-0', 'existing-1']);
    expect(f.tx('existing-0')).toMatchObject({
      description: mine,
      category: groceries,
      notes: 'kept',
    });
    expect(f.tx('existing-1')).toMatchObject({ category: household, notes: 'yes' });
    // Importing the same again changes nothing.
    const again = await importTxs([
      { date: '2023-08-10', amount: -100, payee_name: 'Theirs' },
      { date: '2023-08-10', amount: -200, payee_name: 'Theirs' },
    ]);
    expect(again).toEqual({
      errors: [],
      added: [],
      updated: [],
      matched: ['existing-0', 'existing-1'],
      updatedWithLines: [],
    });
  });

  it("lists a matched split's lines for the api when it changes their cleared flag, as Actual does", async () => {
    const { importTxs, send, account } = await setup();
    await send('transactions-batch-update', {
      added: [
        { id: 'p', account, date: '2023-08-01', amount: -300, cleared: false, is_parent: true },
        {
          id: 'c0',
          account,
          date: '2023-08-01',
          amount: -100,
          parent_id: 'p',
          is_child: true,
          sort_order: 0,
        },
        {
          id: 'c1',
          account,
          date: '2023-08-01',
          amount: -200,
          parent_id: 'p',
          is_child: true,
          sort_order: -1,
        },
      ],
    });
    const first = await importTxs([{ date: '2023-08-01', amount: -300 }]);
    expect(first.updated).toEqual(['p']);
    expect(first.updatedWithLines).toEqual(['p', 'c0', 'c1']);
    // Cleared already: only the parent's imported payee and id change, the lines stay.
    const again = await importTxs([{ date: '2023-08-01', amount: -300, imported_id: 'bank-9' }]);
    expect(again.updatedWithLines).toEqual(['p']);
  });

  it('runs rules before matching', async () => {
    const { f, importTxs, add, send } = await setup();
    const amazon = (await send('payee-create', { name: 'Amazon' })) as string;
    const other = (await send('payee-create', { name: 'Other' })) as string;
    await send('rule-add-payee-rename', { fromNames: ['AMZN MKTP'], to: amazon });
    await add([
      { date: '2023-08-10', amount: -500, payee: other },
      { date: '2023-08-10', amount: -500, payee: amazon },
    ]);
    const result = await importTxs([
      { date: '2023-08-10', amount: -500, payee_name: 'AMZN MKTP', imported_payee: 'AMZN MKTP' },
    ]);
    expect(result.updated).toEqual(['existing-1']);
    expect(f.sql.first("SELECT id FROM payees WHERE name = 'Amzn Mktp'")).toBeUndefined();
  });

  it('adds splits and transfers through the transaction code', async () => {
    const { f, importTxs, send, account } = await setup();
    const savings = (await send('account-create', { name: 'Savings' })) as string;
    const transfer = f.transferPayee(savings);
    const result = await importTxs([
      { date: '2023-08-10', amount: -1000, payee: transfer },
      {
        date: '2023-08-11',
        amount: -300,
        payee_name: 'Split Shop',
        subtransactions: [
          { amount: -100, category: 'Groceries' },
          { amount: -200, notes: 'other half' },
        ],
      },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.added).toHaveLength(4);
    const mirror = f.txsOf(savings);
    expect(mirror).toHaveLength(1);
    expect(mirror[0]).toMatchObject({ amount: 1000, transferred_id: result.added[0] });
    const [parent, ...children] = result.added.slice(1).map((id) => f.tx(id));
    expect(parent).toMatchObject({ isParent: 1, amount: -300 });
    expect(children.map((c) => [c.isChild, c.amount, c.parent_id])).toEqual([
      [1, -100, parent!.id],
      [1, -200, parent!.id],
    ]);
    expect(children[0]!.category).toBe(f.category('Groceries'));
    expect(f.txsOf(account)).toHaveLength(4);
  });

  it('writes nothing when a transaction is bad, and the whole import is one undo step', async () => {
    const { f, importTxs, send } = await setup();
    const before = f.snapshot();
    expect(
      await importTxs([
        { date: '2023-08-10', amount: -5, payee_name: 'A' },
        { date: '2023-08-11' },
      ]),
    ).toEqual({
      errors: [{ message: 'Transaction on 2023-08-11 has no amount' }],
      added: [],
      updated: [],
      matched: [],
      updatedWithLines: [],
    });
    expect(await importTxs([{ amount: 5 }])).toMatchObject({
      errors: [{ message: '`date` is required when adding a transaction' }],
    });
    expect(
      await importTxs([{ date: '2023-08-10', amount: 5, payee: 'no-such-payee' }]),
    ).toMatchObject({ errors: [{}], added: [] });
    expect(await importTxs([{ date: '2023-08-10', amount: 5 }], 'no-account')).toMatchObject({
      errors: [{ message: 'No account with id no-account' }],
    });
    expect(f.snapshot()).toBe(before);

    const ok = await importTxs([
      { date: '2023-08-10', amount: -5, payee_name: 'New One' },
      { date: '2023-08-11', amount: -6, payee_name: 'New Two' },
    ]);
    expect(ok.added).toHaveLength(2);
    await send('undo');
    expect(f.sql.all('SELECT id FROM transactions WHERE tombstone = 0')).toEqual([]);
    expect(f.sql.all("SELECT id FROM payees WHERE tombstone = 0 AND name LIKE 'New%'")).toEqual([]);
  });
});

describe('undo', () => {
  it('puts matched transactions back as they were and removes the added ones', async () => {
    const { f, importTxs, add, send } = await setup();
    const [mine] = await add([
      { date: '2023-08-10', amount: -1000, notes: 'mine', cleared: false },
    ]);
    const before = f.tx(mine!);
    const result = await importTxs([
      { date: '2023-08-09', amount: -1000, imported_id: 'bank-1', payee_name: 'Shop' },
      { date: '2023-08-12', amount: -50, imported_id: 'bank-2', notes: 'new' },
    ]);
    expect(result.updated).toEqual([mine]);
    expect(f.tx(mine!)).toMatchObject({ date: 20230809, financial_id: 'bank-1', cleared: 1 });
    await send('undo');
    expect(f.tx(mine!)).toEqual(before);
    expect(f.tx(result.added[0]!).tombstone).toBe(1);
  });
});

describe('a large import', () => {
  it('is one undo step too', async () => {
    const { f, importTxs, send } = await setup();
    // Hundreds of thousands of messages need a clock that moves (the HLC counts 65,536 a ms).
    let ticks = 0;
    const start = f.platform.clock.now();
    f.platform.clock.now = () => start + Math.floor(ticks++ / 1000);
    const rows = Array.from({ length: 15_000 }, (_, i) => ({
      date: `2023-0${1 + (i % 7)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      amount: -(i + 1),
      payee_name: `Payee ${i % 50}`,
      imported_id: `big-${i}`,
    }));
    const result = await importTxs(rows);
    expect(result.added).toHaveLength(15_000);
    await send('undo');
    expect(f.sql.first('SELECT COUNT(*) AS n FROM transactions WHERE tombstone = 0')).toEqual({
      n: 0,
    });
  }, 120_000);
});
