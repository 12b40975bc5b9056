import { describe, expect, it } from 'vitest';
import {
  addDraftLine,
  draftChanges,
  draftProblem,
  draftRemainder,
  newDraft,
  removeDraftLine,
  updateDraft,
} from './draft.ts';
import {
  addLineChanges,
  amountAfter,
  deleteChanges,
  distributeChanges,
  duplicateChanges,
  editChanges,
  setFieldChanges,
  unlinkScheduleChanges,
} from './edits.ts';
import type { RegisterTx } from '../types.ts';

function ids() {
  let n = 0;
  return () => `id${++n}`;
}

const tx = (over: Partial<RegisterTx> = {}): RegisterTx => ({
  id: 't1',
  is_parent: false,
  is_child: false,
  parent_id: null,
  account: 'a',
  category: 'food',
  amount: -1000,
  payee: 'p1',
  notes: null,
  date: '2024-05-01',
  imported_id: 'imp',
  imported_payee: null,
  error: null,
  starting_balance_flag: false,
  transfer_id: null,
  sort_order: 5,
  cleared: true,
  schedule: null,
  ...over,
});

describe('payment and deposit', () => {
  it('a payment is money out, a deposit money in; blanking clears only its own column', () => {
    expect(amountAfter(0, 'payment', 1250)).toBe(-1250);
    expect(amountAfter(-5, 'deposit', 1250)).toBe(1250);
    expect(amountAfter(-1000, 'payment', null)).toBe(0);
    expect(amountAfter(1000, 'payment', null)).toBe(1000);
    expect(amountAfter(1000, 'deposit', 0)).toBe(0);
    expect(amountAfter(-1000, 'deposit', null)).toBe(-1000);
    // A negative payment is a deposit.
    expect(amountAfter(0, 'payment', -300)).toBe(300);
  });
});

describe('editing a field', () => {
  it('writes only a change, one field', () => {
    expect(editChanges(tx(), null, 'payment', 1000, { newId: ids() })).toEqual({});
    expect(editChanges(tx(), null, 'payment', 2000, { newId: ids() })).toEqual({
      updated: [{ id: 't1', amount: -2000 }],
      newPayees: [],
    });
    expect(editChanges(tx(), null, 'notes', '', { newId: ids() })).toEqual({});
    expect(editChanges(tx(), null, 'cleared', false, { newId: ids() }).updated).toEqual([
      { id: 't1', cleared: false },
    ]);
  });

  it('creates a typed payee in the same write, or reuses one of that name', () => {
    expect(editChanges(tx(), null, 'payee', 'new:Corner Shop', { newId: ids() })).toEqual({
      updated: [{ id: 't1', payee: 'id1' }],
      newPayees: [{ id: 'id1', name: 'Corner Shop' }],
    });
    const payeeByName = new Map([['Corner Shop', 'p9']]);
    expect(
      editChanges(tx(), null, 'payee', 'new:Corner Shop', { newId: ids(), payeeByName }),
    ).toEqual({ updated: [{ id: 't1', payee: 'p9' }], newPayees: [] });
  });

  it('splits a transaction into one empty line', () => {
    expect(editChanges(tx(), null, 'category', 'split', { newId: ids() })).toEqual({
      updated: [{ id: 't1', is_parent: true, category: null }],
      added: [
        {
          id: 'id1',
          account: 'a',
          date: '2024-05-01',
          cleared: true,
          payee: 'p1',
          amount: 0,
          category: null,
          is_child: true,
          parent_id: 't1',
          sort_order: 0,
        },
      ],
    });
    // A line or a split cannot be split again.
    expect(
      editChanges(tx({ is_parent: true }), null, 'category', 'split', { newId: ids() }),
    ).toEqual({});
  });

  it('adds a line below the others and distributes what is left', () => {
    const parent = tx({
      is_parent: true,
      subtransactions: [
        tx({ id: 'c1', amount: -400, sort_order: 0 }),
        tx({ id: 'c2', amount: 0, sort_order: -1 }),
      ],
    });
    expect(addLineChanges(parent, -600, { newId: ids() }).added?.[0]).toMatchObject({
      id: 'id1',
      amount: -600,
      sort_order: -2,
      parent_id: 't1',
    });
    expect(distributeChanges(parent, [-400, -600])).toEqual({
      updated: [{ id: 'c2', amount: -600 }],
    });
  });
});

describe('bulk actions', () => {
  it('deletes each id once', () => {
    expect(deleteChanges(['a', 'b', 'a'])).toEqual({ deleted: [{ id: 'a' }, { id: 'b' }] });
  });

  it('duplicates transactions and splits as new ones (not imported, no schedule)', () => {
    const split = tx({
      id: 's',
      is_parent: true,
      category: null,
      schedule: 'sch',
      subtransactions: [
        tx({ id: 'c1', amount: -400, category: 'x' }),
        tx({ id: 'c2', amount: -600 }),
      ],
    });
    const { added } = duplicateChanges([tx(), split], { newId: ids() });
    expect(added).toEqual([
      {
        id: 'id1',
        account: 'a',
        date: '2024-05-01',
        amount: -1000,
        payee: 'p1',
        notes: null,
        category: 'food',
        cleared: true,
      },
      {
        id: 'id2',
        account: 'a',
        date: '2024-05-01',
        amount: -1000,
        payee: 'p1',
        notes: null,
        category: null,
        cleared: true,
        is_parent: true,
      },
      {
        id: 'id3',
        is_child: true,
        parent_id: 'id2',
        sort_order: -0,
        account: 'a',
        date: '2024-05-01',
        amount: -400,
        payee: 'p1',
        notes: null,
        category: 'x',
        cleared: true,
      },
      {
        id: 'id4',
        is_child: true,
        parent_id: 'id2',
        sort_order: -1,
        account: 'a',
        date: '2024-05-01',
        amount: -600,
        payee: 'p1',
        notes: null,
        category: 'food',
        cleared: true,
      },
    ]);
  });

  it('sets a field: a line’s date goes to its transaction, a category never to a split', () => {
    const line = tx({ id: 'c1', is_child: true, parent_id: 's' });
    const split = tx({ id: 's', is_parent: true });
    expect(
      setFieldChanges([line, split], 'date', '2024-06-01', undefined, { newId: ids() }).updated,
    ).toEqual([{ id: 's', date: '2024-06-01' }]);
    expect(
      setFieldChanges([line, split], 'category', 'c', undefined, { newId: ids() }).updated,
    ).toEqual([{ id: 'c1', category: 'c' }]);
    expect(
      setFieldChanges([tx({ notes: 'old' })], 'notes', ' new', 'append', { newId: ids() }).updated,
    ).toEqual([{ id: 't1', notes: 'old new' }]);
    expect(
      setFieldChanges([tx({ notes: 'old' })], 'notes', 'new ', 'prepend', { newId: ids() }).updated,
    ).toEqual([{ id: 't1', notes: 'new old' }]);
    expect(setFieldChanges([tx()], 'payee', 'new:X', undefined, { newId: ids() })).toEqual({
      updated: [{ id: 't1', payee: 'id1' }],
      newPayees: [{ id: 'id1', name: 'X' }],
    });
  });

  it('unlinks only scheduled transactions', () => {
    expect(unlinkScheduleChanges([tx(), tx({ id: 't2', schedule: 's' })])).toEqual({
      updated: [{ id: 't2', schedule: null }],
    });
  });
});

describe('the add row', () => {
  it('is saved as a transaction with its new payee', () => {
    const newId = ids();
    let d = newDraft('n1', '2024-05-02', 'a');
    d = updateDraft(d, null, 'payee', 'new:Bakery', newId);
    d = updateDraft(d, null, 'payment', 450, newId);
    d = updateDraft(d, null, 'category', 'food', newId);
    expect(draftProblem(d)).toBeNull();
    expect(draftChanges(d, { newId })).toEqual({
      added: [
        {
          id: 'n1',
          account: 'a',
          date: '2024-05-02',
          amount: -450,
          payee: 'id1',
          notes: null,
          category: 'food',
          cleared: false,
        },
      ],
      newPayees: [{ id: 'id1', name: 'Bakery' }],
    });
  });

  it('splits: lines take what is left, and the lines save with the transaction', () => {
    const newId = ids();
    let d = updateDraft(newDraft('n1', '2024-05-02', 'a'), null, 'payment', 1000, newId);
    d = updateDraft(d, null, 'category', 'split', newId);
    expect(d.lines).toHaveLength(1);
    expect(draftRemainder(d)).toBe(-1000);
    d = updateDraft(d, 0, 'payment', 300, newId);
    d = updateDraft(d, 0, 'category', 'food', newId);
    d = addDraftLine(d, newId);
    expect(d.lines![1]!.amount).toBe(-700);
    expect(draftRemainder(d)).toBe(0);
    d = updateDraft(d, 1, 'payee', 'transfer-payee', newId);
    const { added } = draftChanges(d, { newId });
    expect(added).toHaveLength(3);
    expect(added![0]).toMatchObject({ id: 'n1', is_parent: true, category: null, amount: -1000 });
    expect(added![1]).toMatchObject({
      is_child: true,
      parent_id: 'n1',
      amount: -300,
      category: 'food',
      account: 'a',
    });
    expect(added![2]).toMatchObject({ amount: -700, payee: 'transfer-payee', sort_order: -1 });
    expect(removeDraftLine(removeDraftLine(d, 1), 0).lines).toBeNull();
  });

  it('needs a date and an account', () => {
    expect(draftProblem(newDraft('n', '2024-05-02', null))?.field).toBe('account');
    expect(draftProblem({ ...newDraft('n', '', 'a') })?.field).toBe('date');
  });
});
