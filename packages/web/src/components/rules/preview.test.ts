import { describe, expect, it } from 'vitest';
import {
  changingFilter,
  countQuery,
  type PreviewRow,
  previewColumns,
  previewQuery,
  ruleFilter,
  rowChanges,
  settings,
} from './preview.ts';

const row: PreviewRow = {
  id: 't1',
  date: '2024-03-05',
  imported_payee: 'CAFE 12',
  payee: 'p1',
  notes: null,
  category: 'c1',
  account: 'a1',
  amount: -450,
  cleared: false,
  schedule: null,
};

describe('the preview’s queries', () => {
  it('joins the conditions’ filters as the rule joins its conditions', () => {
    expect(ruleFilter([{ a: 1 }, { b: 2 }], 'and')).toEqual({ $and: [{ a: 1 }, { b: 2 }] });
    expect(ruleFilter([{ a: 1 }], 'or')).toEqual({ $or: [{ a: 1 }] });
    expect(ruleFilter([], 'and')).toBeNull();
  });

  it('reads the newest matches first, a page at a time, and counts them all', () => {
    const query = previewQuery({ payee: 'p1' }, 100);
    expect(query).toMatchObject({
      table: 'transactions',
      filterExpressions: [{ payee: 'p1' }],
      // The default order (newest first), which the date index serves.
      orderExpressions: [],
      validateRefs: false,
      limit: 100,
    });
    expect(query.selectExpressions).toContain('category');
    expect(countQuery({ payee: 'p1' })).toMatchObject({
      selectExpressions: [{ result: { $count: '$id' } }],
      calculation: true,
      limit: null,
    });
  });
});

describe('testing the actions before saving', () => {
  const actions = [
    { op: 'set', field: 'category', value: 'c2', type: 'id' },
    { op: 'set', field: 'notes', value: 'coffee', type: 'string' },
    { op: 'link-schedule', value: 's1', type: 'id' },
  ];

  it('finds the transactions any set field would change', () => {
    expect(changingFilter(actions)).toEqual({
      $or: [{ category: { $ne: 'c2' } }, { notes: { $ne: 'coffee' } }, { schedule: { $ne: 's1' } }],
    });
    expect(changingFilter([])).toBeNull();
    // A payee made on save is nobody's payee yet: every match changes.
    expect(changingFilter([{ op: 'set', field: 'payee', value: 'new:Kiosk' }])).toEqual({
      $or: [{ id: { $ne: null } }],
    });
  });

  it('the last action on a field wins, as when the rule runs', () => {
    expect(
      settings([
        { op: 'set', field: 'notes', value: 'a' },
        { op: 'set', field: 'notes', value: 'b' },
      ]),
    ).toEqual([{ field: 'notes', value: 'b' }]);
  });

  it('shows each field’s value now and after, and whether it changes', () => {
    expect(rowChanges(row, actions)).toEqual([
      { field: 'category', from: 'c1', to: 'c2', changed: true },
      { field: 'notes', from: null, to: 'coffee', changed: true },
      { field: 'schedule', from: null, to: 's1', changed: true },
    ]);
    expect(
      rowChanges(row, [
        { op: 'set', field: 'category', value: 'c1' },
        { op: 'set', field: 'cleared', value: false },
        { op: 'set', field: 'notes', value: null },
      ]).map((c) => c.changed),
    ).toEqual([false, false, false]);
  });

  it('adds a column for each field the actions set, beside date, payee and amount', () => {
    expect(previewColumns([], [])).toEqual(['date', 'payee', 'amount']);
    expect(previewColumns([{ field: 'imported_payee', op: 'is', value: 'x' }], actions)).toEqual([
      'date',
      'imported_payee',
      'payee',
      'category',
      'notes',
      'schedule',
      'amount',
    ]);
    expect(previewColumns([], [{ op: 'set', field: 'payee', value: 'p2' }])).toEqual([
      'date',
      'payee',
      'amount',
    ]);
  });
});
