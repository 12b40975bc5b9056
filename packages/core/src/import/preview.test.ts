import { describe, expect, it } from 'vitest';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import type { PreviewResult } from './preview.ts';

async function setup() {
  const f = await openAppCore();
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  const preview = (transactions: unknown[], accountId = account) =>
    send('transactions-import-preview', { accountId, transactions }) as Promise<PreviewResult>;
  return { f, send, account, preview };
}

describe('transactions-import-preview', () => {
  it('says for each row whether it is new, and which transaction it matched and why', async () => {
    const { f, send, account, preview } = await setup();
    const alpha = (await send('payee-create', { name: 'Alpha' })) as string;
    await send('transactions-batch-update', {
      added: [
        { id: 'by-id', account, date: '2023-08-10', amount: -1000, imported_id: 'bank-1' },
        { id: 'by-payee', account, date: '2023-08-08', amount: -500, payee: alpha, notes: 'n' },
        { id: 'by-window', account, date: '2023-08-11', amount: -700, cleared: true },
      ],
    });
    const before = f.snapshot();
    const result = await preview([
      { date: '2023-08-09', amount: -1000, imported_id: 'bank-1', payee_name: 'Bank' },
      { date: '2023-08-10', amount: -500, payee_name: 'alpha' },
      { date: '2023-08-10', amount: -700, payee_name: 'Someone' },
      { date: '2023-08-10', amount: -999, payee_name: 'New Shop' },
    ]);
    expect(result.errors).toEqual([]);
    const [byId, byPayee, byWindow, fresh] = result.transactions;
    expect(byId).toMatchObject({
      outcome: 'update',
      match: { id: 'by-id', reason: 'imported-id', date: '2023-08-10', amount: -1000 },
    });
    expect(byId!.changes).toEqual(['date', 'payee', 'imported_payee']);
    expect(byPayee).toMatchObject({
      outcome: 'update',
      payee: alpha,
      payeeName: 'Alpha',
      match: { id: 'by-payee', reason: 'payee-amount-date', payeeName: 'Alpha', notes: 'n' },
    });
    expect(byWindow).toMatchObject({
      outcome: 'update',
      match: { id: 'by-window', reason: 'amount-date', payee: null },
    });
    expect(fresh).toEqual({ outcome: 'add', payee: null, payeeName: 'New Shop', category: null });
    // Nothing was written: no payee created, no transaction changed.
    expect(f.snapshot()).toBe(before);
  });

  it('a file imported again previews as all matched, and unchanged rows are skipped', async () => {
    const { send, account, preview } = await setup();
    const rows = [
      { date: '2023-08-01', amount: -100, payee_name: 'One', imported_id: 'a' },
      { date: '2023-08-02', amount: -200, payee_name: 'Two', imported_id: 'b' },
    ];
    const first = await preview(rows);
    expect(first.transactions.map((t) => t.outcome)).toEqual(['add', 'add']);
    await send('transactions-import', { accountId: account, transactions: rows });
    const again = await preview(rows);
    expect(again.transactions.map((t) => [t.outcome, t.match?.reason])).toEqual([
      ['skip', 'imported-id'],
      ['skip', 'imported-id'],
    ]);
  });

  it('shows the payee and category the rules will set', async () => {
    const { f, send, preview } = await setup();
    const amazon = (await send('payee-create', { name: 'Amazon' })) as string;
    await send('rule-add-payee-rename', { fromNames: ['AMZN MKTP'], to: amazon });
    const groceries = f.category('Groceries');
    const result = await preview([
      { date: '2023-08-10', amount: -500, payee_name: 'AMZN MKTP' },
      { date: '2023-08-10', amount: -300, payee_name: 'Corner', category: 'groceries' },
    ]);
    expect(result.transactions[0]).toMatchObject({ payee: amazon, payeeName: 'Amazon' });
    expect(result.transactions[1]).toMatchObject({ payeeName: 'Corner', category: groceries });
  });

  it('shows the category the import writes: by name, as Group:Category, or none', async () => {
    const { f, send, account, preview } = await setup();
    const rows = [
      { date: '2023-08-10', amount: -300, payee_name: 'Cinema', category: 'Entertain' },
      { date: '2023-08-11', amount: -400, payee_name: 'Telco', category: 'bills:Phone & Internet' },
      { date: '2023-08-12', amount: -500, payee_name: 'Corner', category: 'Groceries' },
      { date: '2023-08-13', amount: -600, payee_name: 'Wrong group', category: 'Bills:Groceries' },
      {
        date: '2023-08-14',
        amount: -700,
        payee_name: 'Market',
        subtransactions: [
          { amount: -200, category: 'Everyday:Household' },
          { amount: -500, category: 'Entertain' },
        ],
      },
    ];
    const shown = await preview(rows);
    const phone = f.category('Phone & Internet');
    const groceries = f.category('Groceries');
    expect(shown.transactions.map((t) => t.category)).toEqual([null, phone, groceries, null, null]);
    await send('transactions-import', { accountId: account, transactions: rows });
    const written = f.sql.all<{ category: string | null; amount: number }>(
      `SELECT category, amount FROM v_transactions_internal_alive
       WHERE account = ? AND is_parent = 0 ORDER BY date, amount`,
      [account],
    );
    expect(written).toEqual([
      { category: null, amount: -300 },
      { category: phone, amount: -400 },
      { category: groceries, amount: -500 },
      { category: null, amount: -600 },
      { category: null, amount: -500 },
      { category: f.category('Household'), amount: -200 },
    ]);
  });

  it('answers the importer’s refusal as an error and nothing else', async () => {
    const { preview } = await setup();
    expect(await preview([{ amount: 5 }])).toEqual({
      errors: [{ message: '`date` is required when adding a transaction' }],
      transactions: [],
      previewToken: null,
    });
    expect(await preview([{ date: '2023-01-01', amount: 1 }], 'nope')).toEqual({
      errors: [{ message: 'No account with id nope' }],
      transactions: [],
      previewToken: null,
    });
  });
});
