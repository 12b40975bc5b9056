import { describe, expect, it } from 'vitest';
import type { Account, CategoryGroup, Payee } from '../../../store/types.ts';
import { DEFAULT_SETTINGS } from './custom-settings.ts';
import { customTarget } from './custom-target.ts';

const meta = {
  accounts: [
    { id: 'checking', name: 'Checking', offbudget: 0, closed: 0 },
    { id: 'house', name: 'House', offbudget: 1, closed: 0 },
  ] as Account[],
  payees: [
    { id: 'shop', name: 'Shop' },
    { id: 'to-house', name: '', transfer_acct: 'house' },
    { id: 'to-checking', name: '', transfer_acct: 'checking' },
  ] as Payee[],
  groups: [
    {
      id: 'bills',
      name: 'Bills',
      is_income: 0,
      sort_order: 1,
      hidden: 0,
      categories: [
        { id: 'rent', name: 'Rent', is_income: 0, cat_group: 'bills', sort_order: 1, hidden: 0 },
        { id: 'power', name: 'Power', is_income: 0, cat_group: 'bills', sort_order: 2, hidden: 0 },
      ],
    },
  ] as CategoryGroup[],
};
const span = { start: '2024-01', end: '2024-03' };
const range = [
  { field: 'date', op: 'gte', value: '2024-01-01', type: 'date' },
  { field: 'date', op: 'lte', value: '2024-03-31', type: 'date' },
];

describe('a custom report’s figure in the register', () => {
  it('filters by the row, the range, the measure and the report’s conditions', () => {
    const own = { field: 'notes', op: 'contains', value: 'trip', type: 'string' as const };
    const target = customTarget(
      { ...DEFAULT_SETTINGS, groupBy: 'Group', conditions: [own] },
      span,
      meta,
      { key: 'bills', label: 'Bills', total: 0, byMonth: [] },
    );
    expect(target.accounts).toEqual(['checking']);
    expect(target.conditions).toEqual([
      ...range,
      { field: 'category', op: 'oneOf', value: ['rent', 'power'], type: 'id' },
      { field: 'amount', op: 'lt', value: 0, type: 'number' },
      { field: 'payee', op: 'notOneOf', value: ['to-checking'], type: 'id' },
      own,
    ]);
  });

  it('opens an account’s own register, a month of a row, and leaves out any-of conditions', () => {
    const any = {
      ...DEFAULT_SETTINGS,
      groupBy: 'Account' as const,
      balanceType: 'Deposit' as const,
      showOffBudget: true,
      showUncategorized: false,
      conditionsOp: 'or' as const,
      conditions: [
        { field: 'notes', op: 'contains', value: 'a', type: 'string' as const },
        { field: 'notes', op: 'contains', value: 'b', type: 'string' as const },
      ],
    };
    const target = customTarget(
      any,
      span,
      meta,
      { key: 'house', label: 'House', total: 0, byMonth: [] },
      '2024-02',
    );
    expect(target.accounts).toEqual(['house']);
    expect(target.conditions).toEqual([
      { field: 'date', op: 'is', value: '2024-02', options: { month: true }, type: 'date' },
      { field: 'amount', op: 'gt', value: 0, type: 'number' },
      { field: 'payee', op: 'notOneOf', value: ['to-house', 'to-checking'], type: 'id' },
      { field: 'category', op: 'isNot', value: null, type: 'id' },
    ]);
  });

  it('opens a tag’s row with has tag, and the no-tag row with none of the report’s tags', () => {
    const byTag = { ...DEFAULT_SETTINGS, groupBy: 'Tag' as const, balanceType: 'Net' as const };
    const tags = ['trip', 'home'];
    const trip = customTarget(
      byTag,
      span,
      meta,
      { key: 'trip', label: '#trip', total: 0, byMonth: [] },
      undefined,
      tags,
    );
    const rest = [{ field: 'payee', op: 'notOneOf', value: ['to-checking'], type: 'id' }];
    expect(trip.conditions).toEqual([
      ...range,
      { field: 'notes', op: 'hasTags', value: '#trip', type: 'string' },
      ...rest,
    ]);
    const none = customTarget(
      byTag,
      span,
      meta,
      { key: null, label: '(no tag)', total: 0, byMonth: [] },
      '2024-02',
      tags,
    );
    expect(none.conditions).toEqual([
      { field: 'date', op: 'is', value: '2024-02', options: { month: true }, type: 'date' },
      { field: 'notes', op: 'doesNotHaveTags', value: '#trip #home', type: 'string' },
      ...rest,
    ]);
  });
});
