import type { FileSystem } from '../platform/index.ts';
import type { DateFormat, DecimalSeparator, ParseError } from '../importers/parse/index.ts';

/** The options `transactions-parse-file` accepts (the import modal's settings). */
export interface ParseOptions {
  delimiter?: string;
  hasHeaderRow?: boolean;
  encoding?: string;
  skipLines?: number;
  qifDateFormat?: DateFormat;
  decimalSeparator?: DecimalSeparator;
}

/** What the import modal gets back: rows to map (CSV) or transactions, or errors. */
export interface ParseFileAnswer {
  errors: { message: string; internal?: string; line?: number }[];
  transactions: object[];
  /** csv, qif, ofx or camt (absent for an unsupported file). */
  format?: string;
  /** CSV: the column keys in file order. */
  fields?: string[];
  /** CSV: the 1-based line each row starts on, so errors can name it. */
  lines?: number[];
  /** CSV: the delimiter the rows were split on (the one given, or the likeliest). */
  delimiter?: string;
  /** QIF: the date order its dates were read with. */
  dateFormat?: DateFormat;
  encoding?: string;
}

const toError = (e: ParseError) => (e.line === undefined ? { message: e.message } : e);

/**
 * Parses a file for import. The bytes come from the platform's file system (desktop and Node)
 * or straight from the caller (a browser file picker). Reading failures and bad files come
 * back as errors, never as a throw.
 */
export async function parseImportFile(
  fs: FileSystem,
  filepath: string,
  options: ParseOptions,
  contents?: Uint8Array,
): Promise<ParseFileAnswer> {
  let bytes = contents;
  if (!bytes) {
    try {
      bytes = await fs.readFile(filepath);
    } catch (err) {
      return {
        errors: [{ message: 'Error reading file', internal: String(err) }],
        transactions: [],
      };
    }
  }
  // The parsers (and papaparse and the XML parser under them) load with the first file, not
  // with the app: most sessions never import one, and the web app's first load has a budget.
  const { parseFile } = await import('../importers/parse/parse-file.ts');
  const result = parseFile(bytes, filepath, options);
  const answer: ParseFileAnswer = {
    errors: result.errors.map(toError),
    transactions: result.transactions,
  };
  if (result.format !== 'unsupported') {
    answer.format = result.format;
    answer.encoding = result.encoding;
  }
  if (result.format === 'csv') {
    answer.fields = result.fields;
    answer.lines = result.lines;
    answer.delimiter = result.delimiter;
  }
  if (result.format === 'qif' && result.dateFormat) answer.dateFormat = result.dateFormat;
  return answer;
}
