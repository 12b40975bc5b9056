import { describe, expect, it } from 'vitest';
import { csvFileName, transactionsCsv } from './export-csv.ts';
import type { RegisterTx } from '../types.ts';

const names = {
  account: (id: string) => ({ a: 'Checking' })[id] ?? '',
  payee: (id: string | null) => (id === 'p' ? 'Shop, "Downtown"' : ''),
  category: (id: string | null) => (id === 'c' ? 'Food' : ''),
};
const tx = (o: Partial<RegisterTx>) =>
  ({
    account: 'a',
    date: '2024-05-01',
    payee: null,
    notes: null,
    category: null,
    amount: 0,
    cleared: false,
    is_parent: false,
    ...o,
  }) as RegisterTx;

describe('CSV export', () => {
  it('writes one line per transaction and split line, quoting what needs it', () => {
    const csv = transactionsCsv(
      [
        tx({ payee: 'p', amount: -1250, category: 'c', cleared: true, notes: 'two\nlines' }),
        tx({
          is_parent: true,
          amount: -1000,
          subtransactions: [tx({ amount: -1000, category: 'c' })],
        }),
      ],
      names,
    );
    expect(csv.split('\r\n')).toEqual([
      'Account,Date,Payee,Notes,Category,Amount,Split,Cleared',
      'Checking,2024-05-01,"Shop, ""Downtown""","two\nlines",Food,-12.50,,Cleared',
      'Checking,2024-05-01,,,,-10.00,Split,Not cleared',
      'Checking,2024-05-01,,,Food,-10.00,Split line,Not cleared',
      '',
    ]);
  });

  it('names the file after the view and the day', () => {
    expect(csvFileName('All accounts', '2024-05-01')).toBe('All accounts-2024-05-01.csv');
    expect(csvFileName('a/b:c', '2024-05-01')).toBe('abc-2024-05-01.csv');
  });
});
