import { describe, expect, it } from 'vitest';
import { newDraft, updateDraft, addDraftLine } from '../editing/draft.ts';
import type { RegisterTx } from '../types.ts';
import { draftChanged, draftFromTx, editorProblem, saveChanges, savedTx } from './editor-draft.ts';

const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};

const tx = (over: Partial<RegisterTx> = {}): RegisterTx => ({
  id: 't1',
  is_parent: false,
  is_child: false,
  parent_id: null,
  account: 'a1',
  category: 'food',
  amount: -1250,
  payee: 'p1',
  notes: null,
  date: '2026-11-20',
  imported_id: null,
  imported_payee: null,
  error: null,
  starting_balance_flag: false,
  transfer_id: null,
  sort_order: 1,
  cleared: false,
  schedule: null,
  ...over,
});

describe('the touch editor’s draft', () => {
  it('saves a new transaction with a new payee as the register’s add row does', () => {
    const newId = ids();
    let d = newDraft('n1', '2026-11-29', 'a1');
    d = updateDraft(d, null, 'payment', 1250, newId);
    d = updateDraft(d, null, 'payee', 'new:Corner Shop', newId);
    d = updateDraft(d, null, 'category', 'food', newId);
    const c = saveChanges(null, d, { newId });
    expect(c.newPayees).toEqual([{ id: 'id1', name: 'Corner Shop' }]);
    expect(c.added).toEqual([
      expect.objectContaining({ id: 'n1', amount: -1250, payee: 'id1', category: 'food' }),
    ]);
  });

  it('writes only the fields that changed in an edit', () => {
    const before = tx();
    const d = { ...draftFromTx(before), notes: 'lunch', cleared: true };
    expect(draftChanged(draftFromTx(before), d)).toBe(true);
    expect(draftChanged(draftFromTx(before), draftFromTx(before))).toBe(false);
    const c = saveChanges(before, d, { newId: ids() });
    expect(c.updated).toEqual([{ id: 't1', notes: 'lunch', cleared: true }]);
    expect(c.added).toEqual([]);
    expect(c.deleted).toEqual([]);
  });

  it('turns a transaction into a split: lines added under it, the category moved to them', () => {
    const newId = ids();
    const before = tx();
    let d = updateDraft(draftFromTx(before), null, 'category', 'split', newId);
    d = updateDraft(d, 0, 'category', 'food', newId);
    d = updateDraft(d, 0, 'payment', 1000, newId);
    d = addDraftLine(d, newId);
    d = updateDraft(d, 1, 'payee', 'savings-transfer', newId);
    const c = saveChanges(before, d, { newId });
    expect(c.updated).toEqual([{ id: 't1', category: null, is_parent: true }]);
    expect(c.added).toEqual([
      expect.objectContaining({ id: 'id1', amount: -1000, category: 'food', payee: 'p1' }),
      // The second line holds what was left, and goes to the transfer payee.
      expect.objectContaining({ id: 'id2', amount: -250, payee: 'savings-transfer' }),
    ]);
    expect(c.added!.every((r) => r.parent_id === 't1' && r.is_child)).toBe(true);
  });

  it('removes a split’s dropped lines and updates the changed ones', () => {
    const lines = [
      tx({ id: 'l1', is_child: true, parent_id: 't1', amount: -1000, category: 'food' }),
      tx({ id: 'l2', is_child: true, parent_id: 't1', amount: -250, category: 'fun' }),
    ];
    const before = tx({ is_parent: true, category: null, subtransactions: lines });
    const d = draftFromTx(before);
    expect(d.lines?.map((l) => l.payee)).toEqual([null, null]);
    const edited = { ...d, lines: [{ ...d.lines![0]!, amount: -1250 }] };
    const c = saveChanges(before, edited, { newId: ids() });
    expect(c.deleted).toEqual([{ id: 'l2' }]);
    expect(c.updated).toEqual([{ id: 'l1', amount: -1250 }]);
  });

  it('refuses to save without a date or an account, with the register’s texts', () => {
    expect(editorProblem({ ...newDraft('n', '', 'a1') })).toEqual({
      field: 'date',
      message: 'A transaction needs a date',
    });
    expect(editorProblem(newDraft('n', '2026-11-29', null))?.message).toBe(
      'Choose the account it is in',
    );
  });
});

describe('the saved transaction the register shows before it reads its rows again', () => {
  it('is the draft as written: a new payee by its new id, an edit over the transaction it was', () => {
    const newId = ids();
    let d = newDraft('n1', '2026-11-29', 'a1');
    d = updateDraft(d, null, 'payment', 1234, newId);
    d = updateDraft(d, null, 'payee', 'new:Corner Shop', newId);
    const changes = saveChanges(null, d, { newId });
    const added = savedTx(null, d, changes);
    expect(added).toMatchObject({ id: 'n1', account: 'a1', date: '2026-11-29', amount: -1234 });
    expect(added.payee).toBe(changes.newPayees![0]!.id);

    const before = tx({ reconciled: false });
    const edit = { ...draftFromTx(before), amount: -99, notes: 'lunch' };
    const edited = savedTx(before, edit, saveChanges(before, edit, { newId }));
    expect(edited).toMatchObject({
      id: 't1',
      amount: -99,
      notes: 'lunch',
      payee: 'p1',
      sort_order: 1,
    });
  });
});
