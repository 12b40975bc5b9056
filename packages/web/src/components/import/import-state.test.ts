import { describe, expect, it } from 'vitest';
import {
  buildRows,
  countOutcomes,
  fatalErrorText,
  fileTypeOf,
  importedCounts,
  type ImportChoices,
  initialChoices,
  type ParseAnswer,
  previewOrder,
  importButtonText,
  previewSummary,
  settingsToSave,
  toImportTransactions,
} from './import-state.ts';

const none = {
  mappings: null,
  delimiter: null,
  hasHeaderRow: null,
  dateFormat: null,
  flipAmount: null,
};

const csv = (fields: string[], rows: Record<string, string>[], extra = {}): ParseAnswer => ({
  errors: [],
  format: 'csv',
  fields,
  transactions: rows,
  lines: rows.map((_, i) => i + 2),
  delimiter: ',',
  ...extra,
});

describe('the kind of file', () => {
  it('reads the extension, and the format the parser found for .xml', () => {
    expect(fileTypeOf('statement.TSV')).toBe('csv');
    expect(fileTypeOf('a.qfx', 'ofx')).toBe('qfx');
    expect(fileTypeOf('a.xml', 'camt')).toBe('camt');
    expect(fileTypeOf('a.xml', 'ofx')).toBe('ofx');
    expect(fileTypeOf('a.qif')).toBe('qif');
  });
});

describe('errors that stop an import', () => {
  it('uses the spec texts', () => {
    expect(fatalErrorText({ errors: [{ message: 'Invalid file type' }], transactions: [] })).toBe(
      'Error: Invalid file type',
    );
    expect(fatalErrorText({ errors: [{ internal: 'boom' }], transactions: [] })).toBe(
      'Internal error',
    );
    expect(fatalErrorText({ error: { type: 'internal' } })).toBe('Internal error');
    expect(fatalErrorText({ errors: [{ message: 'Error reading file' }], transactions: [] })).toBe(
      'Error reading file',
    );
    // Something was read: the errors are shown beside the preview instead.
    expect(
      fatalErrorText({ errors: [{ message: 'x', line: 3 }], transactions: [{}], format: 'qif' }),
    ).toBeNull();
    expect(fatalErrorText({ errors: [], transactions: [] })).toBeNull();
  });
});

describe('the settings a file starts with', () => {
  const file = csv(
    ['Date', 'Payee', 'In', 'Out'],
    [{ Date: '25/12/2023', Payee: 'A', In: '', Out: '5' }],
  );

  it('guesses the date format from the date column', () => {
    const choices = initialChoices(none, file);
    expect(choices.dateFormat).toBe('dd mm yyyy');
    expect(choices.clearOnImport).toBe(true);
    expect(choices.hasHeaderRow).toBe(true);
  });

  it('takes the remembered mapping, date format, delimiter and flip when the columns exist', () => {
    const saved = {
      mappings: { date: 'Date', payee: 'Payee', inflow: 'In', outflow: 'Out' },
      delimiter: ';',
      hasHeaderRow: true,
      dateFormat: 'dd mm yyyy',
      flipAmount: true,
    };
    // 05/12/2023 reads either way; a guess would take the month first.
    const ambiguous = csv(
      ['Date', 'Payee', 'In', 'Out'],
      [{ Date: '05/12/2023', Payee: 'A', In: '', Out: '5' }],
    );
    expect(initialChoices(none, ambiguous).dateFormat).toBe('mm dd yyyy');
    const choices = initialChoices(saved, { ...ambiguous, delimiter: undefined });
    expect(choices).toMatchObject({
      mapping: { date: 'Date', payee: 'Payee', inflow: 'In', outflow: 'Out' },
      splitMode: true,
      dateFormat: 'dd mm yyyy',
      delimiter: ';',
      flipAmount: true,
    });
    // A remembered mapping naming a column this file lacks is not used.
    const other = initialChoices(
      saved,
      csv(['When', 'Who', 'Sum'], [{ When: '2023-01-02', Who: 'x', Sum: '1' }]),
    );
    expect(other.mapping).toMatchObject({ date: 'When', amount: 'Sum' });
  });

  it('guesses again when the remembered date format reads none of this file’s dates', () => {
    const saved = { ...none, dateFormat: 'dd mm yyyy' };
    const iso = csv(['Date', 'Payee', 'Amount'], [{ Date: '2024-01-31', Payee: 'A', Amount: '1' }]);
    expect(initialChoices(saved, iso).dateFormat).toBe('yyyy mm dd');
    const fits = csv(
      ['Date', 'Payee', 'Amount'],
      [{ Date: '05/01/2024', Payee: 'A', Amount: '1' }],
    );
    expect(initialChoices(saved, fits).dateFormat).toBe('dd mm yyyy');
    // Chosen for this very file (it is read again after a delimiter change): kept.
    const chosen = initialChoices(saved, iso, {
      ...initialChoices(saved, iso),
      dateFormat: 'dd mm yyyy',
    });
    expect(chosen.dateFormat).toBe('dd mm yyyy');
  });

  it('QIF keeps the date order the parser found', () => {
    const qif: ParseAnswer = {
      errors: [],
      transactions: [],
      format: 'qif',
      dateFormat: 'dd mm yyyy',
    };
    expect(initialChoices(none, qif).dateFormat).toBe('dd mm yyyy');
  });
});

describe('building the transactions', () => {
  const base: ImportChoices = {
    delimiter: ',',
    hasHeaderRow: true,
    dateFormat: 'dd mm yyyy',
    mapping: { date: 'Date', payee: 'Payee', amount: 'Amount', inflow: 'In', outflow: 'Out' },
    splitMode: false,
    flipAmount: false,
    multiplier: null,
    clearOnImport: true,
  };
  const file = csv(
    ['Date', 'Payee', 'Amount', 'In', 'Out'],
    [
      { Date: '01/02/2024', Payee: 'Shop', Amount: '-12,50', In: '', Out: '12.50' },
      { Date: 'junk', Payee: 'Bad', Amount: '1', In: '1', Out: '' },
      { Date: '03/02/2024', Payee: 'Pay', Amount: '100', In: '100', Out: '' },
    ],
  );

  it('maps each row, naming a row that cannot be read and keeping the others', () => {
    const built = buildRows(file, base);
    expect(built.rows.map((r) => [r.key, r.transaction.date, r.transaction.amount])).toEqual([
      [0, '2024-02-01', -1250],
      [2, '2024-02-03', 10000],
    ]);
    expect(built.errors).toEqual([
      { message: 'Unable to parse date junk with given date format (line 3)', line: 3 },
    ]);
  });

  it('flips, multiplies, and uses inflow/outflow in split mode (where flip does nothing)', () => {
    const flipped = buildRows(file, { ...base, flipAmount: true, multiplier: '0.5' });
    expect(flipped.rows.map((r) => r.transaction.amount)).toEqual([625, -5000]);
    const split = buildRows(file, { ...base, splitMode: true, flipAmount: true });
    expect(split.rows.map((r) => r.transaction.amount)).toEqual([-1250, 10000]);
    const bad = buildRows(file, { ...base, multiplier: '1.23456' });
    expect(bad).toEqual({
      rows: [],
      errors: [{ message: 'Multiplier must be a number with up to 4 decimals' }],
    });
  });

  it('flips QIF amounts and their splits, and keeps the parser’s record errors', () => {
    const qif: ParseAnswer = {
      format: 'qif',
      errors: [{ message: 'Transaction has no date (line 9)', line: 9 }],
      transactions: [
        {
          date: '2024-01-01',
          amount: -300,
          amountText: '-3',
          payee_name: 'P',
          imported_payee: 'P',
          notes: null,
          subtransactions: [
            { amount: -100, amountText: '-1', category: 'A', notes: null },
            { amount: -200, amountText: '-2', category: 'B', notes: 'n' },
          ],
        },
      ],
    };
    const built = buildRows(qif, { ...base, flipAmount: true });
    expect(built.errors).toEqual([{ message: 'Transaction has no date (line 9)', line: 9 }]);
    const [row] = toImportTransactions(built.rows, { ...base, clearOnImport: false });
    expect(row).toEqual({
      date: '2024-01-01',
      amount: 300,
      payee_name: 'P',
      imported_payee: 'P',
      notes: null,
      cleared: false,
      subtransactions: [
        { amount: 100, category: 'A', notes: null },
        { amount: 200, category: 'B', notes: 'n' },
      ],
    });
  });

  it('shows newest first, the file’s later row first within a day', () => {
    const rows = [
      { key: 0, transaction: { date: '2024-01-01' } },
      { key: 1, transaction: { date: '2024-01-03' } },
      { key: 2, transaction: { date: '2024-01-01' } },
    ] as never;
    expect(previewOrder(rows)).toEqual([1, 2, 0]);
  });

  it('remembers the spec’s settings per kind of file', () => {
    expect(settingsToSave('csv', { ...base, splitMode: true })).toEqual({
      flipAmount: false,
      dateFormat: 'dd mm yyyy',
      mappings: { date: 'Date', payee: 'Payee', inflow: 'In', outflow: 'Out' },
      delimiter: ',',
      hasHeaderRow: true,
    });
    expect(settingsToSave('ofx', base)).toEqual({ flipAmount: false });
  });
});

describe('counts', () => {
  it('before and after the import', () => {
    const counts = countOutcomes(['add', 'add', 'update', 'skip', undefined]);
    expect(counts).toEqual({ total: 5, add: 2, update: 1, skip: 1 });
    expect(previewSummary(counts)).toBe(
      '5 transactions: 2 new, 2 already in the account (1 to update)',
    );
    expect(previewSummary(countOutcomes(['add']))).toBe('1 transaction: 1 new');
    expect(importedCounts(5, { updated: ['a'], matched: ['a', 'b'] })).toEqual({
      added: 3,
      updated: 1,
      unchanged: 1,
    });
  });

  it('the import button counts what the import would write', () => {
    expect(importButtonText(countOutcomes(['skip', 'skip', 'skip', 'skip']), 4)).toEqual({
      text: 'Nothing new to import',
      writes: 0,
    });
    expect(importButtonText(countOutcomes(['add', 'update', 'skip', 'skip']), 4)).toEqual({
      text: 'Import 2 transactions',
      writes: 2,
    });
    expect(importButtonText(countOutcomes(['skip', 'add']), 2)).toEqual({
      text: 'Import 1 transaction',
      writes: 1,
    });
    // Before the preview answers nothing is counted yet.
    expect(importButtonText(null, 3)).toEqual({ text: 'Import transactions', writes: null });
    expect(importButtonText(null, 0)).toEqual({ text: 'Nothing to import', writes: 0 });
  });
});
