import {
  amountFromIndicator,
  applyMultiplier,
  flipAmount,
  inflowOutflowToAmount,
  isValidMultiplier,
  parseAmount,
} from './amount.ts';
import { dateErrorMessage, noAmountMessage, parseDate } from './date.ts';
import type {
  CsvRow,
  DateFormat,
  DecimalSeparator,
  ParseError,
  ParsedTransaction,
} from './types.ts';
import { lineError } from './types.ts';

/** Which column (key of a CsvRow) feeds which transaction field. */
export interface CsvMapping {
  date: string;
  /** One signed amount column; or use `inflow`/`outflow` ("split mode"). */
  amount?: string | undefined;
  inflow?: string | undefined;
  outflow?: string | undefined;
  /** A column saying whether `amount` goes out, for files that write only sizes. */
  inOut?: string | undefined;
  /** The `inOut` value meaning money out (e.g. "debit"). */
  outValue?: string | undefined;
  payee?: string | undefined;
  notes?: string | undefined;
  category?: string | undefined;
  checkNumber?: string | undefined;
}

export interface CsvMappingOptions {
  dateFormat: DateFormat;
  decimalSeparator?: DecimalSeparator | undefined;
  /** Digits with up to four decimals; amounts are multiplied by it. */
  multiplier?: string | undefined;
  /** Negate amounts; ignored in split mode, as the spec disables it there. */
  flipAmount?: boolean | undefined;
}

export interface MappedRows {
  /** The rows that could not be read, by line (or the multiplier, which fails them all). */
  errors: ParseError[];
  /** Every row that was read; a row named in `errors` is left out. */
  transactions: ParsedTransaction[];
}

/** One row's reading: its transaction, or why it cannot be imported. */
export type MappedRow = { transaction: ParsedTransaction } | { error: ParseError };

const MULTIPLIER_ERROR = 'Multiplier must be a number with up to 4 decimals';

function cell(row: CsvRow, key: string | undefined): string {
  return key === undefined ? '' : (row[key] ?? '').trim();
}

/**
 * One CSV row as a transaction: the date read with the chosen format, the amount from one
 * column or from inflow/outflow columns, then the multiplier and flip options. A row that
 * cannot be read gets the spec's text with its line.
 */
export function mapCsvRow(
  row: CsvRow,
  mapping: CsvMapping,
  options: CsvMappingOptions,
  line?: number,
): MappedRow {
  const multiplier = options.multiplier?.trim() ?? '';
  if (multiplier !== '' && !isValidMultiplier(multiplier)) {
    return { error: { message: MULTIPLIER_ERROR } };
  }
  const split = mapping.inflow !== undefined || mapping.outflow !== undefined;
  const amountOptions = { decimalSeparator: options.decimalSeparator };
  const rawDate = cell(row, mapping.date);
  const date = parseDate(rawDate, options.dateFormat);
  if (date === null) return { error: lineError(dateErrorMessage(rawDate), line) };
  let amountText: string;
  let amount: number | null;
  if (split) {
    const inflow = cell(row, mapping.inflow);
    const outflow = cell(row, mapping.outflow);
    amountText = [inflow, outflow].filter((s) => s !== '').join(' / ');
    amount = inflowOutflowToAmount(inflow, outflow, amountOptions);
  } else {
    amountText = cell(row, mapping.amount);
    amount = amountText === '' ? null : parseAmount(amountText, amountOptions);
    if (amount !== null && mapping.inOut !== undefined) {
      amount = amountFromIndicator(amount, cell(row, mapping.inOut), mapping.outValue ?? '');
    }
  }
  if (amount !== null && multiplier !== '') amount = applyMultiplier(amount, multiplier);
  if (amount === null) return { error: lineError(noAmountMessage(date), line) };
  if (options.flipAmount && !split) amount = flipAmount(amount);
  const payee = cell(row, mapping.payee) || null;
  const transaction: ParsedTransaction = {
    amount,
    amountText,
    date,
    payee_name: payee,
    imported_payee: payee,
    notes: cell(row, mapping.notes) || null,
  };
  if (line !== undefined) transaction.line = line;
  const category = cell(row, mapping.category);
  if (category) transaction.category = category;
  const checkNumber = cell(row, mapping.checkNumber);
  if (checkNumber) transaction.check_number = checkNumber;
  return { transaction };
}

/**
 * Every mapped CSV row as a transaction (see `mapCsvRow`). A row that cannot be read is
 * reported with its line and left out; the others are still returned. A bad multiplier fails
 * them all.
 */
export function applyCsvMapping(
  rows: readonly CsvRow[],
  mapping: CsvMapping,
  options: CsvMappingOptions,
  lines: readonly number[] = [],
): MappedRows {
  const multiplier = options.multiplier?.trim() ?? '';
  if (multiplier !== '' && !isValidMultiplier(multiplier)) {
    return { errors: [{ message: MULTIPLIER_ERROR }], transactions: [] };
  }
  const errors: ParseError[] = [];
  const transactions: ParsedTransaction[] = [];
  rows.forEach((row, index) => {
    const mapped = mapCsvRow(row, mapping, options, lines[index]);
    if ('error' in mapped) errors.push(mapped.error);
    else transactions.push(mapped.transaction);
  });
  return { errors, transactions };
}
