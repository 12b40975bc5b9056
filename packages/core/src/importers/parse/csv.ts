import Papa from 'papaparse';
import { decodeBytes } from './charset.ts';
import type { CsvResult, CsvRow, ParseError } from './types.ts';
import { countLines } from './tree.ts';
import { lineError } from './types.ts';

export interface CsvOptions {
  encoding?: string | undefined;
  /** Field delimiter (comma, semicolon, tab...); comma when absent. */
  delimiter?: string | undefined;
  /** Whether the first row names the columns; true when absent. */
  hasHeaderRow?: boolean | undefined;
  /** Lines dropped before parsing: bank preambles above the real header. */
  skipLines?: number | undefined;
}

/** Unique, non-empty keys for header cells: blanks become the column index, repeats get " (2)". */
function headerKeys(cells: string[]): string[] {
  const seen = new Set<string>();
  const nextSuffix = new Map<string, number>();
  return cells.map((cell, index) => {
    const base = cell.trim() || String(index);
    let key = base;
    if (seen.has(key)) {
      let n = nextSuffix.get(base) ?? 2;
      while (seen.has(`${base} (${n})`)) n++;
      key = `${base} (${n})`;
      nextSuffix.set(base, n + 1);
    }
    seen.add(key);
    return key;
  });
}

function normaliseLineEnds(text: string): string {
  // Mac (CR), Windows (CRLF) and doubled (CR CR LF) endings all become one LF.
  return text.replace(/\r\r\n|\r\n|\r/g, '\n');
}

function dropLines(text: string, count: number): string {
  let at = 0;
  for (let i = 0; i < count && at >= 0; i++) {
    at = text.indexOf('\n', at);
    if (at >= 0) at++;
  }
  return at < 0 ? '' : text.slice(at);
}

interface RawRow {
  cells: string[];
  line: number;
}

function readRows(
  body: string,
  delimiter: string,
  firstLine: number,
  errors: ParseError[],
): RawRow[] {
  const rows: RawRow[] = [];
  // Broken quoting swallows everything after it into one cell, so the parse stops at such a
  // row, reports its line, and starts again on the next line: only that line is lost.
  let offset = 0;
  let line = firstLine;
  while (offset < body.length) {
    const chunk = offset === 0 ? body : body.slice(offset);
    let rowStart = 0;
    let resumeAt = -1;
    Papa.parse<string[]>(chunk, {
      delimiter,
      newline: '\n',
      quoteChar: '"',
      header: false,
      skipEmptyLines: false,
      step: (result, parser) => {
        const quoteError = result.errors.find((error) => error.type === 'Quotes');
        if (quoteError) {
          errors.push(lineError(`Malformed quotes: ${quoteError.message}`, line));
          const eol = chunk.indexOf('\n', rowStart);
          resumeAt = eol < 0 ? chunk.length : eol + 1;
          parser.abort();
          return;
        }
        const cursor = result.meta.cursor;
        const cells = result.data.map((cell) => cell.trim());
        if (cells.some((cell) => cell !== '')) rows.push({ cells, line });
        line += countLines(chunk, rowStart, cursor);
        rowStart = cursor;
      },
    });
    if (resumeAt < 0) break;
    line += 1;
    offset += resumeAt;
  }
  return rows;
}

/**
 * CSV and TSV as raw rows for the import UI to map: cells trimmed, blank lines skipped,
 * short rows padded and long rows keyed by column index, and a header row repeated at the
 * end of the file dropped. A line with broken quotes is reported and left out; reading goes on
 * with the next line.
 */
export function parseCsv(bytes: Uint8Array, options: CsvOptions = {}): CsvResult {
  const { text, encoding } = decodeBytes(bytes, { encoding: options.encoding });
  const delimiter = options.delimiter || ',';
  const skip = Math.max(0, Math.floor(options.skipLines ?? 0));
  const body = dropLines(normaliseLineEnds(text), skip);
  const errors: ParseError[] = [];
  const raw = readRows(body, delimiter, skip + 1, errors);
  const done = (fields: string[], transactions: CsvRow[], lines: number[]): CsvResult => ({
    format: 'csv',
    errors,
    transactions,
    fields,
    lines,
    delimiter,
    encoding,
  });

  const hasHeader = options.hasHeaderRow ?? true;
  const header = hasHeader ? raw.shift() : undefined;
  const width = raw.reduce((max, r) => Math.max(max, r.cells.length), header?.cells.length ?? 0);
  const fields = header ? headerKeys(header.cells) : [];
  const taken = new Set(fields);
  for (let i = fields.length; i < width; i++) {
    let key = String(i);
    while (taken.has(key)) key = `${key}_`;
    taken.add(key);
    fields.push(key);
  }
  const headerText = header?.cells.join('\u0000');
  const transactions: CsvRow[] = [];
  const lines: number[] = [];
  for (const row of raw) {
    if (headerText !== undefined && row.cells.join('\u0000') === headerText) continue;
    const record: CsvRow = {};
    fields.forEach((field, i) => {
      record[field] = row.cells[i] ?? '';
    });
    transactions.push(record);
    lines.push(row.line);
  }
  return done(fields, transactions, lines);
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The likeliest delimiter among comma, semicolon and tab (the import's choices) for a file:
 * the one that splits the first line into most columns while the lines after it split into
 * as many (quotes respected, so a semicolon inside a quoted description does not count). A
 * tie goes to the earlier of comma, semicolon, tab.
 */
export function guessCsvDelimiter(bytes: Uint8Array, encoding?: string): string {
  const { text } = decodeBytes(bytes.subarray(0, 64 * 1024), { encoding });
  const sample = normaliseLineEnds(text)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 20)
    .join('\n');
  let best: string = ',';
  let bestScore = -1;
  let bestWidth = 0;
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter, newline: '\n', preview: 20 }).data;
    const width = rows[0]?.length ?? 0;
    if (width < 2) continue;
    const score = rows.filter((r) => r.length === width).length;
    if (score > bestScore || (score === bestScore && width > bestWidth)) {
      best = delimiter;
      bestScore = score;
      bestWidth = width;
    }
  }
  return best;
}
