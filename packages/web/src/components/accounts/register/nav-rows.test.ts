import { describe, expect, it } from 'vitest';
import type { Draft } from '../editing/draft.ts';
import { draftNavRows, registerNavRows, tabTarget } from './nav-rows.ts';
import { displayRows } from '../rows/register-rows.ts';
import type { RegisterTx } from '../types.ts';
import { accountRow } from '../../../test-helpers/rows.ts';

const tx = (id: string, o: Partial<RegisterTx> = {}) =>
  ({
    id,
    account: 'a',
    amount: -100,
    payee: null,
    category: null,
    is_parent: false,
    ...o,
  }) as RegisterTx;

describe('keyboard rows', () => {
  const ctx = {
    accounts: [accountRow({ id: 'a', name: 'A' })],
    transferAccountOf: () => null,
    showAccount: false,
  };

  it('lists transactions and split lines with the fields each edits', () => {
    const rows = registerNavRows(
      displayRows([tx('t'), tx('s', { is_parent: true, subtransactions: [tx('c1')] })], null),
      ctx,
    );
    expect(rows.map((r) => [r.key, r.kind])).toEqual([
      ['t', 'txn'],
      ['s', 'txn'],
      ['c1', 'child'],
    ]);
    expect(rows[0]!.fields).toEqual([
      'date',
      'payee',
      'notes',
      'category',
      'payment',
      'deposit',
      'cleared',
    ]);
    expect(rows[1]!.fields).not.toContain('category');
    expect(rows[2]!.fields).toEqual(['payee', 'notes', 'category', 'payment', 'deposit']);
  });

  it('keeps a row while its transaction is the same object (a page appended below)', () => {
    const cache = new WeakMap();
    const a = tx('a');
    const first = registerNavRows(displayRows([a], null), ctx, cache);
    const again = registerNavRows(displayRows([a, tx('b')], null), ctx, cache);
    expect(again[0]).toBe(first[0]);
    const edited = registerNavRows(displayRows([{ ...a, amount: -5 }], null), ctx, cache);
    expect(edited[0]).not.toBe(first[0]);
    expect(edited[0]!.values.amount).toBe(-5);
  });
});

describe('Tab in the add row', () => {
  const ctx = {
    accounts: [accountRow({ id: 'a', name: 'A' })],
    transferAccountOf: () => null,
    showAccount: false,
  };
  const line = (id: string) => ({ id, payee: null, notes: null, category: null, amount: 0 });
  const draft = (lines: Draft['lines']): Draft => ({
    id: 'd',
    date: '2026-01-02',
    account: 'a',
    payee: null,
    notes: null,
    category: null,
    amount: -500,
    cleared: false,
    lines,
  });
  const below = registerNavRows(displayRows([tx('t1'), tx('t2')], null), ctx);
  const key = (t: ReturnType<typeof tabTarget>) =>
    t && t !== 'draft-footer' ? `${t.row.key}/${t.field}` : t;

  it('goes from the last field of a split line to the next line, not to a saved row', () => {
    const rows = [...draftNavRows(draft([line('l1'), line('l2')]), ctx), ...below];
    const l1 = rows[1]!;
    const last = l1.fields[l1.fields.length - 1]!;
    expect(key(tabTarget(rows, 1, last, 1))).toBe(`draft-line:l2/${rows[2]!.fields[0]}`);
  });

  it('goes from the last field of the last split line to the footer (add line)', () => {
    const rows = [...draftNavRows(draft([line('l1')]), ctx), ...below];
    const l1 = rows[1]!;
    expect(tabTarget(rows, 1, l1.fields[l1.fields.length - 1]!, 1)).toBe('draft-footer');
  });

  it('keeps a plain new transaction too, and Shift+Tab stops at its first field', () => {
    const rows = [...draftNavRows(draft(null), ctx), ...below];
    const d = rows[0]!;
    expect(tabTarget(rows, 0, d.fields[d.fields.length - 1]!, 1)).toBe('draft-footer');
    expect(tabTarget(rows, 0, d.fields[0]!, -1)).toBeNull();
  });

  it('moves between saved rows as before', () => {
    const t1 = below[0]!;
    expect(key(tabTarget(below, 0, t1.fields[t1.fields.length - 1]!, 1))).toBe('t2/date');
    expect(key(tabTarget(below, 1, 'date', -1))).toBe('t1/cleared');
  });
});
