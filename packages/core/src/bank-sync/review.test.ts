import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BankFixture, bankTx, openBankFixture } from './test-helpers/fake-server.ts';
import type { ReviewEntry } from './review.ts';

let b: BankFixture;
beforeEach(async () => {
  b = await openBankFixture();
});
afterEach(() => b.close());

const list = async (accountId?: string) =>
  (await b.send('bank-review-list', { accountId })) as ReviewEntry[];

const bankRows = (acct: string) =>
  b.f.sql.all<{
    id: string;
    financial_id: string | null;
    amount: number;
    date: number;
    cleared: number;
    pending: number;
    notes: string | null;
  }>(
    `SELECT id, financial_id, amount, date, cleared, pending, notes FROM transactions
     WHERE acct = ? AND starting_balance_flag = 0 AND tombstone = 0 ORDER BY amount, id`,
    [acct],
  );

describe('review before it counts', () => {
  it('marks every bank row new until approved, all in view at once', async () => {
    b.answer.booked = [bankTx('b1', '2023-08-01', '-10.00', 'Bakery')];
    b.answer.pending = [bankTx('p1', '2023-08-05', '-3.00', 'Kiosk')];
    const acct = await b.link();
    const marked = await list(acct);
    expect(marked.map((e) => [e.kind, e.reason])).toEqual([
      ['new', null],
      ['new', null],
    ]);
    expect(marked.map((e) => e.id).sort()).toEqual(
      bankRows(acct)
        .map((r) => r.id)
        .sort(),
    );
    expect(await b.send('bank-review-approve', { ids: marked.map((e) => e.id) })).toEqual({
      approved: 2,
    });
    expect(await list(acct)).toEqual([]);
    // A sync with nothing new marks nothing again.
    await b.send('gocardless-accounts-sync', { id: acct });
    expect(await list()).toEqual([]);
  });

  it('shows why a pending row was replaced, and unmatch restores both rows', async () => {
    b.answer.pending = [bankTx('p1', '2023-08-01', '-40.00', 'Trattoria Roma')];
    const acct = await b.link();
    const pendingId = bankRows(acct)[0]!.id;
    await b.send('transaction-update', { id: pendingId, notes: 'dinner with Ana' });
    await b.send('bank-review-approve', { ids: [pendingId] });
    b.answer.pending = [];
    b.answer.booked = [bankTx('b1', '2023-08-02', '-48.00', 'Trattoria Roma')];
    await b.send('gocardless-accounts-sync', { id: acct });
    expect(await list(acct)).toEqual([
      {
        id: pendingId,
        account: acct,
        kind: 'replaced',
        reason: 'tip',
        was: { date: '2023-08-01', amount: -4000, importedId: 'p1' },
      },
    ]);
    const replaced = bankRows(acct);

    const res = (await b.send('bank-unmatch', { id: pendingId })) as { added: string };
    expect(bankRows(acct)).toEqual(
      [
        {
          id: pendingId,
          financial_id: 'p1',
          amount: -4000,
          date: 20230801,
          cleared: 0,
          pending: 1,
          notes: 'dinner with Ana',
        },
        {
          id: res.added,
          financial_id: 'b1',
          amount: -4800,
          date: 20230802,
          cleared: 1,
          pending: 0,
          notes: null,
        },
      ].sort((x, y) => x.amount - y.amount),
    );
    expect((await list(acct)).map((e) => [e.id, e.kind])).toEqual([[res.added, 'new']]);
    // One undo step puts the match back, still waiting for review (so it can be unmatched).
    await b.send('undo');
    expect(bankRows(acct)).toEqual(replaced);
    expect((await list(acct)).map((e) => [e.id, e.kind, e.reason])).toEqual([
      [pendingId, 'replaced', 'tip'],
    ]);
    // Redo splits them again.
    await b.send('redo');
    expect((await list(acct)).map((e) => [e.id, e.kind])).toEqual([[res.added, 'new']]);
  });

  it('undoes a guess by amount and date: the typed-in row comes back as it was', async () => {
    const acct = await b.link();
    await b.send('transaction-add', {
      account: acct,
      date: '2023-08-03',
      amount: -1299,
      notes: 'typed in',
      cleared: false,
    });
    const typed = bankRows(acct)[0]!;
    b.answer.booked = [bankTx('b7', '2023-08-04', '-12.99', 'Book Shop')];
    await b.send('gocardless-accounts-sync', { id: acct });
    const [entry] = await list(acct);
    expect(entry).toMatchObject({
      id: typed.id,
      kind: 'matched',
      reason: 'amount-date',
      was: { date: '2023-08-03', amount: -1299, importedId: null },
    });
    expect(bankRows(acct)).toHaveLength(1);

    const res = (await b.send('bank-unmatch', { id: typed.id })) as { added: string };
    const rows = bankRows(acct);
    expect(rows.find((r) => r.id === typed.id)).toEqual(typed);
    expect(rows.find((r) => r.id === res.added)).toMatchObject({
      financial_id: 'b7',
      amount: -1299,
      date: 20230804,
    });
    // The next sync matches the bank row by its id, not the typed-in one again.
    await b.send('gocardless-accounts-sync', { id: acct });
    expect(bankRows(acct)).toHaveLength(2);
    expect(bankRows(acct).find((r) => r.id === typed.id)).toEqual(typed);
  });

  it('refuses to unmatch a row no bank row matched', async () => {
    b.answer.booked = [bankTx('b1', '2023-08-01', '-10.00', 'Bakery')];
    const acct = await b.link();
    const id = bankRows(acct)[0]!.id;
    expect(await b.send('bank-unmatch', { id })).toMatchObject({ error: { type: 'not-matched' } });
    expect(bankRows(acct)).toHaveLength(1);
  });
});
