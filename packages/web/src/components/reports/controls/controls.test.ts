import { describe, expect, it } from 'vitest';
import type { Account } from '../../../store/types.ts';
import { readAccounts, writeAccounts } from '../use-report-params.ts';
import { accountsSummary } from './AccountsPicker.tsx';
import { monthOptions } from './RangePicker.tsx';
import { accountRow } from '../../../test-helpers/rows.ts';

const account = (id: string, offbudget: 0 | 1 = 0): Account =>
  accountRow({ id, name: id, offbudget });
const accounts = [account('checking'), account('card'), account('house', 1)];

describe('report controls', () => {
  it('names a choice of accounts the shortest way', () => {
    expect(accountsSummary(['checking', 'card', 'house'], accounts)).toBe('All accounts');
    expect(accountsSummary(['card', 'checking'], accounts)).toBe('Budget accounts');
    expect(accountsSummary(['house'], accounts)).toBe('house');
    expect(accountsSummary(['checking', 'house'], accounts)).toBe('2 of 3 accounts');
    expect(accountsSummary([], accounts)).toBe('No accounts');
  });

  it('keeps the accounts in the address and reads them back, dropping unknown ones', () => {
    expect(writeAccounts(['checking', 'card', 'house'], accounts)).toBe('all');
    expect(writeAccounts(['card', 'checking'], accounts)).toBe('budget');
    expect(writeAccounts(['house', 'checking'], accounts)).toBe('checking,house');
    expect(readAccounts('all', accounts, 'budget')).toEqual(['checking', 'card', 'house']);
    expect(readAccounts(null, accounts, 'budget')).toEqual(['checking', 'card']);
    expect(readAccounts('house,gone', accounts, 'all')).toEqual(['house']);
  });

  it('offers the months from the first transaction to now, newest first', () => {
    expect(monthOptions('2023-11', '2024-02')).toEqual([
      '2024-02',
      '2024-01',
      '2023-12',
      '2023-11',
    ]);
    // With no transactions (or only later ones), the last year.
    expect(monthOptions(null, '2024-02')).toHaveLength(12);
    expect(monthOptions('2025-01', '2024-02')[11]).toBe('2023-03');
  });
});
