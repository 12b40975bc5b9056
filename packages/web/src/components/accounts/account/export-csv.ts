/**
 * 'Export transactions': the view's transactions (every row, split lines under their
 * transaction) as CSV, amounts as decimal numbers and dates as YYYY-MM-DD so any spreadsheet
 * reads them back.
 */
import type { RegisterTx } from '../types.ts';

export interface CsvNames {
  account: (id: string) => string;
  payee: (id: string | null) => string;
  category: (id: string | null) => string;
}

const HEADER = ['Account', 'Date', 'Payee', 'Notes', 'Category', 'Amount', 'Split', 'Cleared'];

function cell(value: string): string {
  return /[",\n\r]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const decimal = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export function transactionsCsv(groups: readonly RegisterTx[], names: CsvNames): string {
  const lines = [HEADER.join(',')];
  const row = (tx: RegisterTx, split: string) =>
    lines.push(
      [
        names.account(tx.account),
        tx.date,
        names.payee(tx.payee),
        tx.notes ?? '',
        tx.is_parent ? '' : names.category(tx.category),
        decimal(tx.amount),
        split,
        tx.cleared ? 'Cleared' : 'Not cleared',
      ]
        .map(cell)
        .join(','),
    );
  for (const tx of groups) {
    row(tx, tx.is_parent ? 'Split' : '');
    for (const child of tx.subtransactions ?? []) row(child, 'Split line');
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name for the export: the view's title and the day. */
export function csvFileName(title: string, today: string): string {
  return `${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'transactions'}-${today}.csv`;
}
