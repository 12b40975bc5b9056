import { parseAmount } from './amount.ts';
import { decodeBytes } from './charset.ts';
import { dateErrorMessage, noAmountMessage, parseDate } from './date.ts';
import type {
  DateFormat,
  DecimalSeparator,
  ParseError,
  ParsedSubtransaction,
  ParsedTransaction,
  TransactionsResult,
} from './types.ts';
import { lineError } from './types.ts';

export interface QifOptions {
  encoding?: string | undefined;
  /** How D lines read; detected from all the file's dates when absent. */
  dateFormat?: DateFormat | undefined;
  decimalSeparator?: DecimalSeparator | undefined;
}

interface QifSplit {
  category: string | null;
  notes: string | null;
  amount: string | null;
  line: number;
}

/** A split line: S category, E memo or $ amount. */
interface SplitLine {
  code: string;
  value: string;
  line: number;
}

interface QifRecord {
  line: number;
  investment: boolean;
  fields: Map<string, string>;
  splitLines: SplitLine[];
}

type Section = 'transactions' | 'investments' | 'ignored';

const TRANSACTION_TYPES = /^!Type:\s*(Bank|Cash|CCard|Oth\s*A|Oth\s*L|Invst)\s*$/i;

// QIF D lines have no fixed order: US Quicken writes month first, others day first.
const QIF_DATE_ORDER: readonly DateFormat[] = ['mm dd yyyy', 'dd mm yyyy', 'yyyy mm dd'];

function sectionFor(header: string, current: Section): Section {
  const type = TRANSACTION_TYPES.exec(header);
  if (type) return /invst/i.test(type[1] ?? '') ? 'investments' : 'transactions';
  // Option and clear lines switch modes, not sections.
  if (/^!(Option|Clear):/i.test(header)) return current;
  return 'ignored';
}

function readRecords(text: string): QifRecord[] {
  const records: QifRecord[] = [];
  let section: Section = 'transactions';
  let record: QifRecord | null = null;
  const lines = text.split(/\r\r\n|\r\n|\n|\r/);
  const finish = (): void => {
    if (record && (record.fields.size > 0 || record.splitLines.length > 0)) records.push(record);
    record = null;
  };
  lines.forEach((raw, index) => {
    const line = raw.replace(/^\uFEFF/, '').trimEnd();
    if (line.trim() === '') return;
    if (line.startsWith('!')) {
      finish();
      section = sectionFor(line.trim(), section);
      return;
    }
    if (line.startsWith('^')) {
      finish();
      return;
    }
    if (section === 'ignored') return;
    record ??= {
      line: index + 1,
      investment: section === 'investments',
      fields: new Map(),
      splitLines: [],
    };
    const code = line[0] ?? '';
    const value = line.slice(1).trim();
    if (!record.investment && (code === 'S' || code === 'E' || code === '$')) {
      record.splitLines.push({ code, value, line: index + 1 });
      return;
    }
    // Address lines repeat; everything else keeps its first value.
    if (!record.fields.has(code)) record.fields.set(code, value);
  });
  finish();
  return records;
}

/**
 * A record's split lines as splits. The format fixes no order within a split: S starts one,
 * and its E and $ may come either way round. A split may also come without S (a memo and an
 * amount only): an E or $ starts one when the current split has that field already, and an E
 * after a split's amount starts one when an amount follows it before the next S.
 */
function buildSplits(lines: readonly SplitLine[]): QifSplit[] {
  const splits: QifSplit[] = [];
  let split: QifSplit | null = null;
  const start = (line: number): QifSplit => {
    const fresh: QifSplit = { category: null, notes: null, amount: null, line };
    splits.push(fresh);
    return fresh;
  };
  const amountFollows = (i: number): boolean =>
    lines.slice(i + 1).find((l) => l.code !== 'E')?.code === '$';
  lines.forEach(({ code, value, line }, i) => {
    if (code === 'S') {
      split = start(line);
      split.category = value || null;
    } else if (code === '$') {
      if (!split || split.amount !== null) split = start(line);
      split.amount = value;
    } else {
      if (!split || split.notes !== null || (split.amount !== null && amountFollows(i))) {
        split = start(line);
      }
      split.notes = value || null;
    }
  });
  return splits;
}

/**
 * The order that reads the most of the file's dates (the first listed on a tie), so one
 * mistyped date does not throw the others into the wrong order.
 */
function chooseDateFormat(records: QifRecord[]): DateFormat {
  const dates = records.map((r) => r.fields.get('D') ?? '').filter((d) => d !== '');
  let best: DateFormat = 'mm dd yyyy';
  let bestCount = -1;
  for (const format of QIF_DATE_ORDER) {
    let count = 0;
    for (const d of dates) if (parseDate(d, format, { twoDigitYears: 'pivot' }) !== null) count++;
    if (count > bestCount) {
      best = format;
      bestCount = count;
    }
    if (count === dates.length) break;
  }
  return best;
}

function toTransaction(
  record: QifRecord,
  format: DateFormat,
  options: QifOptions,
  errors: ParseError[],
): ParsedTransaction | null {
  const rawDate = record.fields.get('D') ?? '';
  if (rawDate === '') {
    errors.push(lineError('Transaction has no date', record.line));
    return null;
  }
  const date = parseDate(rawDate, format, { twoDigitYears: 'pivot' });
  if (date === null) {
    errors.push(lineError(dateErrorMessage(rawDate), record.line));
    return null;
  }
  const amountOptions = { decimalSeparator: options.decimalSeparator };
  const amountText = record.fields.get('T') || record.fields.get('U') || '';
  const amount = amountText === '' ? null : parseAmount(amountText, amountOptions);
  if (amount === null) {
    errors.push(lineError(noAmountMessage(date), record.line));
    return null;
  }
  const payee = record.fields.get('P') || null;
  const result: ParsedTransaction = {
    amount,
    amountText,
    date,
    payee_name: payee,
    imported_payee: payee,
    notes: record.fields.get('M') || null,
    line: record.line,
  };
  const category = record.fields.get('L');
  if (category) result.category = category;
  // In investment records N is the action (BuyX, ShrsIn), not a cheque number.
  const number = record.fields.get('N');
  if (number && !record.investment) result.check_number = number;
  const splits = buildSplits(record.splitLines);
  if (splits.length > 0) {
    const subtransactions: ParsedSubtransaction[] = [];
    for (const split of splits) {
      const cents = split.amount ? parseAmount(split.amount, amountOptions) : null;
      if (cents === null) {
        errors.push(lineError(noAmountMessage(date), split.line));
        return null;
      }
      subtransactions.push({
        amount: cents,
        amountText: split.amount ?? '',
        category: split.category,
        notes: split.notes,
      });
    }
    result.subtransactions = subtransactions;
  }
  return result;
}

/**
 * Quicken Interchange Format: the transaction sections (Bank, Cash, CCard, Oth A/L, Invst)
 * of the file, skipping account lists, categories, classes and other non-transaction
 * sections. Dates take the given format or the one that reads most dates in the file; a
 * two-digit year is 1969-2068 (Quicken files go back to the 1990s). A record that cannot be
 * read is reported with its line and left out; the others are returned.
 */
export function parseQif(bytes: Uint8Array, options: QifOptions = {}): TransactionsResult {
  const { text, encoding } = decodeBytes(bytes, { encoding: options.encoding });
  const records = readRecords(text);
  const format = options.dateFormat ?? chooseDateFormat(records);
  const errors: ParseError[] = [];
  const transactions: ParsedTransaction[] = [];
  for (const record of records) {
    const parsed = toTransaction(record, format, options, errors);
    if (parsed) transactions.push(parsed);
  }
  return { format: 'qif', errors, transactions, encoding, dateFormat: format };
}
