/**
 * Shapes shared by every file parser. Amounts are integer cents (the file's decimal amount
 * times 100, rounded half away from zero past the second decimal); `amountText` keeps the
 * file's own spelling so nothing is lost for currencies or files with more precision.
 */

export interface ParseError {
  /** Human-readable text, using the spec's wording where the spec has one. */
  message: string;
  /** 1-based line in the decoded file the error is about, when known. */
  line?: number;
}

export interface ParsedSubtransaction {
  /** Integer cents. */
  amount: number;
  amountText: string;
  category: string | null;
  notes: string | null;
}

export interface ParsedTransaction {
  /** Integer cents, negative for money leaving the account. */
  amount: number;
  /** The amount exactly as written in the file (or the CSV cell it came from). */
  amountText: string;
  /** `YYYY-MM-DD`. */
  date: string;
  payee_name: string | null;
  imported_payee: string | null;
  notes: string | null;
  /** The bank's own id for the transaction (OFX FITID, CAMT AcctSvcrRef). */
  imported_id?: string;
  /** Cheque number (QIF N, OFX CHECKNUM, CAMT ChqNb, or a mapped CSV column). */
  check_number?: string;
  /** Category text as the file names it (QIF L, a mapped CSV column). */
  category?: string;
  /** QIF split lines, in file order. */
  subtransactions?: ParsedSubtransaction[];
  /** 1-based line where the transaction starts in the decoded file. */
  line?: number;
}

/** A CSV/TSV row keyed by header name, or by column index ("0", "1", ...) with no header. */
export type CsvRow = Record<string, string>;

export type TransactionFormat = 'qif' | 'ofx' | 'camt';

export interface TransactionsResult {
  format: TransactionFormat;
  /**
   * What could not be read: the whole file (then `transactions` is empty), or single records,
   * each named by its line, while the records around them are still returned.
   */
  errors: ParseError[];
  /** Every record that was read whole. */
  transactions: ParsedTransaction[];
  /** The character set the bytes were decoded with. */
  encoding: string;
  /** QIF: the date order the D lines were read with (given, or the one that fit best). */
  dateFormat?: DateFormat;
}

export interface CsvResult {
  format: 'csv';
  /** The file could not be split into rows, or single rows (by line) were malformed. */
  errors: ParseError[];
  /** Raw rows for the import UI to map (a malformed row is left out). */
  transactions: CsvRow[];
  /** Column keys in file order. */
  fields: string[];
  /** 1-based line of each row in `transactions`. */
  lines: number[];
  delimiter: string;
  encoding: string;
}

export interface UnsupportedResult {
  format: 'unsupported';
  errors: ParseError[];
  transactions: never[];
}

export type ParseFileResult = TransactionsResult | CsvResult | UnsupportedResult;

/** The six date formats the import UI offers; any separators (or none) between the parts. */
export type DateFormat =
  'yyyy mm dd' | 'yy mm dd' | 'mm dd yyyy' | 'mm dd yy' | 'dd mm yyyy' | 'dd mm yy';

export type DecimalSeparator = '.' | ',';

export interface ParseFileOptions {
  /** Force a character set (a TextDecoder label); otherwise it is detected. */
  encoding?: string;
  /** CSV/TSV: field delimiter; tab for .tsv, and the likeliest of , ; tab for .csv. */
  delimiter?: string;
  /** CSV/TSV: whether the first row names the columns (default true). */
  hasHeaderRow?: boolean;
  /** CSV/TSV: lines to drop before the header (bank preambles). */
  skipLines?: number;
  /** QIF: how to read D lines; detected from the file's dates when absent. */
  qifDateFormat?: DateFormat;
  /** QIF: decimal separator of T/U/$ amounts; guessed per amount when absent. */
  decimalSeparator?: DecimalSeparator;
}

export function fail<F extends string>(
  format: F,
  errors: ParseError[],
  encoding: string,
): { format: F; errors: ParseError[]; transactions: never[]; encoding: string } {
  return { format, errors, transactions: [], encoding };
}

/** Appends the line to a message so the UI's single error string names it. */
export function lineError(message: string, line: number | undefined): ParseError {
  return line === undefined ? { message } : { message: `${message} (line ${line})`, line };
}
