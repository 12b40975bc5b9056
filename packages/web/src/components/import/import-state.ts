/**
 * The import modal's rules, pure: which settings a file starts with (remembered per account,
 * else guessed from the file), how the parsed file becomes transactions under those settings,
 * the order the preview shows them in, and the texts of its errors and counts.
 */
import {
  type CsvMapping,
  type CsvRow,
  DATE_FORMATS,
  type DateFormat,
  type ImportFileType,
  type ImportSettings,
  mapCsvRow,
  parseDate,
  type ParsedTransaction,
  type ParseError,
} from '@coffer/core/ui';
import { columnDecimalSeparator, guessDateFormat, guessMapping } from './csv-guess.ts';

export { DATE_FORMATS };
export type { CsvMapping, DateFormat, ParsedTransaction };

/** What `transactions-parse-file` answers. */
export interface ParseAnswer {
  errors: { message?: string; internal?: string; line?: number }[];
  transactions: object[];
  /** csv, qif, ofx or camt (absent for an unsupported file). */
  format?: string;
  fields?: string[];
  lines?: number[];
  delimiter?: string;
  dateFormat?: DateFormat;
}

/** The delimiters the spec offers, by label. */
export const DELIMITERS: readonly { value: string; label: string }[] = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
];

export const ACCEPTED_FILES = '.qif,.ofx,.qfx,.csv,.tsv,.xml';

/** The CSV fields a column can feed, in the order the modal lists them. */
export const MAPPED_FIELDS = [
  'date',
  'payee',
  'notes',
  'category',
  'amount',
  'outflow',
  'inflow',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

export const FIELD_LABELS: Record<MappedField, string> = {
  date: 'Date',
  payee: 'Payee',
  notes: 'Notes',
  category: 'Category',
  amount: 'Amount',
  outflow: 'Outflow',
  inflow: 'Inflow',
};

export interface ImportChoices {
  /** CSV: the column delimiter and whether the first row names the columns. */
  delimiter: string;
  hasHeaderRow: boolean;
  /** CSV and QIF: how the dates read. */
  dateFormat: DateFormat;
  /** CSV: which column feeds which field. */
  mapping: CsvMapping;
  /** CSV: amounts come from separate inflow and outflow columns. */
  splitMode: boolean;
  /** CSV and QIF: negate every amount (disabled in split mode). */
  flipAmount: boolean;
  /** CSV: amounts are multiplied by this (digits with up to 4 decimals); null when off. */
  multiplier: string | null;
  /** Imported transactions are marked cleared. */
  clearOnImport: boolean;
}

/** One transaction of the file, keyed by its place in the file. */
export interface Row {
  key: number;
  transaction: ParsedTransaction;
}

export interface Built {
  rows: Row[];
  /** The records or rows that cannot be imported, each naming its line. */
  errors: ParseError[];
}

/** The kind of file whose settings apply (a .tsv is a CSV; an .xml is CAMT or OFX). */
export function fileTypeOf(fileName: string, format?: string): ImportFileType {
  const ext = (/\.([^./\\]+)$/.exec(fileName)?.[1] ?? '').toLowerCase();
  if (ext === 'tsv' || format === 'csv') return 'csv';
  if (ext === 'qfx') return 'qfx';
  if (format === 'camt') return 'camt';
  if (format === 'ofx' || ext === 'ofx') return 'ofx';
  if (format === 'qif' || ext === 'qif') return 'qif';
  return ext === 'xml' ? 'camt' : 'csv';
}

/**
 * The message a file that cannot be read at all shows (spec: 'Error: {message}', or 'Internal
 * error' when the core failed without one); null when something could be read.
 */
export function fatalErrorText(answer: ParseAnswer | { error: unknown }): string | null {
  if ('error' in answer) return 'Internal error';
  if (answer.transactions.length > 0 || answer.errors.length === 0) return null;
  const first = answer.errors[0]!;
  if (first.message === 'Error reading file') return first.message;
  return first.message ? `Error: ${first.message}` : 'Internal error';
}

/** A remembered mapping counts only if every column it names is in this file. */
function usableMapping(saved: object | null, fields: readonly string[]) {
  const named = saved as Record<string, unknown> | null;
  if (!named || typeof named.date !== 'string' || !fields.includes(named.date)) return null;
  const mapping: CsvMapping = { date: named.date };
  for (const field of [...MAPPED_FIELDS, 'inOut'] as const) {
    const column = named[field];
    if (field === 'date' || column == null || column === '') continue;
    if (typeof column !== 'string' || !fields.includes(column)) return null;
    mapping[field] = column;
  }
  if (mapping.inOut && typeof named.outValue === 'string') mapping.outValue = named.outValue;
  return mapping;
}

/**
 * The settings a file starts with: those remembered for this account and kind of file, and
 * for what was never chosen, guesses from the file itself.
 */
export function initialChoices(
  saved: ImportSettings,
  answer: ParseAnswer,
  previous?: ImportChoices,
  hints: { dayFirst?: boolean; hasHeaderRow?: boolean } = {},
): ImportChoices {
  const fields = answer.fields ?? [];
  const rows = answer.transactions as CsvRow[];
  const hasHeaderRow = hints.hasHeaderRow ?? previous?.hasHeaderRow ?? saved.hasHeaderRow ?? true;
  let mapping: CsvMapping = { date: fields[0] ?? '' };
  let splitMode = false;
  let dateFormat = (previous?.dateFormat ?? saved.dateFormat) as DateFormat | null;
  if (answer.format === 'csv') {
    const remembered = usableMapping(previous?.mapping ?? saved.mappings, fields);
    if (remembered) {
      mapping = remembered;
      splitMode =
        previous?.splitMode ??
        (remembered.amount === undefined && (!!remembered.inflow || !!remembered.outflow));
    } else {
      ({ mapping, splitMode } = guessMapping(fields, rows, hasHeaderRow));
    }
    const samples = rows.slice(0, 200).map((r) => r[mapping.date] ?? '');
    const filled = samples.filter((s) => s.trim() !== '');
    // A format remembered for this account that reads none of this file's dates was chosen
    // for another file: guess again (a choice made for this file is kept).
    const readsNone =
      !previous &&
      !!dateFormat &&
      filled.length > 0 &&
      filled.every((s) => parseDate(s, dateFormat!) === null);
    if (!dateFormat || !DATE_FORMATS.includes(dateFormat) || readsNone) {
      dateFormat = guessDateFormat(samples, hints.dayFirst);
    }
  } else if (answer.format === 'qif') {
    dateFormat = answer.dateFormat ?? dateFormat;
  }
  return {
    delimiter: answer.delimiter ?? previous?.delimiter ?? saved.delimiter ?? ',',
    hasHeaderRow,
    dateFormat: dateFormat && DATE_FORMATS.includes(dateFormat) ? dateFormat : 'mm dd yyyy',
    mapping,
    splitMode,
    flipAmount: previous?.flipAmount ?? saved.flipAmount ?? false,
    multiplier: previous?.multiplier ?? null,
    clearOnImport: previous?.clearOnImport ?? true,
  };
}

/** The mapping as split mode uses it: one amount column, or inflow and outflow columns. */
export function effectiveMapping(choices: ImportChoices): CsvMapping {
  const { amount, inflow, outflow, inOut, outValue, ...rest } = choices.mapping;
  if (choices.splitMode) return { ...rest, inflow: inflow ?? '', outflow: outflow ?? '' };
  const single: CsvMapping = { ...rest, amount: amount ?? '' };
  if (inOut) {
    single.inOut = inOut;
    single.outValue = outValue ?? '';
  }
  return single;
}

const negate = (cents: number) => (cents === 0 ? 0 : -cents);

/**
 * The file's transactions under the chosen settings: CSV rows mapped (a row that cannot be
 * read is reported with its line), QIF amounts flipped when asked, and the parser's own
 * record errors kept.
 */
export function buildRows(answer: ParseAnswer, choices: ImportChoices): Built {
  const errors: ParseError[] = answer.errors
    .filter((e) => e.message)
    .map((e) =>
      e.line === undefined ? { message: e.message! } : { message: e.message!, line: e.line },
    );
  const rows: Row[] = [];
  if (answer.format === 'csv') {
    const mapping = effectiveMapping(choices);
    const csvRows = answer.transactions as CsvRow[];
    const amountColumns = [mapping.amount, mapping.inflow, mapping.outflow].filter(
      (c): c is string => !!c,
    );
    const options = {
      dateFormat: choices.dateFormat,
      flipAmount: choices.flipAmount,
      multiplier: choices.multiplier ?? undefined,
      decimalSeparator: columnDecimalSeparator(
        csvRows.slice(0, 500).flatMap((r) => amountColumns.map((c) => r[c] ?? '')),
      ),
    };
    const lines = answer.lines ?? [];
    for (let i = 0; i < csvRows.length; i++) {
      const mapped = mapCsvRow(csvRows[i]!, mapping, options, lines[i]);
      if ('error' in mapped) {
        errors.push(mapped.error);
        // A bad multiplier fails every row alike: one message is enough.
        if (mapped.error.line === undefined) break;
      } else {
        rows.push({ key: i, transaction: mapped.transaction });
      }
    }
    return { rows, errors };
  }
  const flip = choices.flipAmount && answer.format === 'qif';
  (answer.transactions as ParsedTransaction[]).forEach((t, key) => {
    if (!flip) return rows.push({ key, transaction: t });
    rows.push({
      key,
      transaction: {
        ...t,
        amount: negate(t.amount),
        subtransactions: t.subtransactions?.map((s) => ({ ...s, amount: negate(s.amount) })),
      },
    });
  });
  return { rows, errors };
}

/** What `transactions-import` takes for each row. */
export function toImportTransactions(rows: readonly Row[], choices: ImportChoices) {
  return rows.map(({ transaction: t }) => {
    const out: Record<string, unknown> = {
      date: t.date,
      amount: t.amount,
      payee_name: t.payee_name,
      imported_payee: t.imported_payee,
      notes: t.notes,
      cleared: choices.clearOnImport,
    };
    if (t.imported_id) out.imported_id = t.imported_id;
    if (t.category) out.category = t.category;
    if (t.subtransactions?.length) {
      out.subtransactions = t.subtransactions.map((s) => ({
        amount: s.amount,
        category: s.category,
        notes: s.notes,
      }));
    }
    return out;
  });
}

/**
 * The preview's order (spec: imported transactions are shown in reverse order): newest first,
 * and within a day the file's last row first. Returns indexes into `rows`.
 */
export function previewOrder(rows: readonly Row[]): number[] {
  const order = rows.map((_, i) => i);
  order.sort((a, b) => {
    const da = rows[a]!.transaction.date;
    const db = rows[b]!.transaction.date;
    return da < db ? 1 : da > db ? -1 : rows[b]!.key - rows[a]!.key;
  });
  return order;
}

/** The settings to remember for this account once the import is done. */
export function settingsToSave(fileType: ImportFileType, choices: ImportChoices) {
  const settings: Partial<ImportSettings> = { flipAmount: choices.flipAmount };
  if (fileType === 'csv' || fileType === 'qif') settings.dateFormat = choices.dateFormat;
  if (fileType === 'csv') {
    const mapping: Record<string, unknown> = { ...effectiveMapping(choices) };
    settings.mappings = mapping;
    settings.delimiter = choices.delimiter;
    settings.hasHeaderRow = choices.hasHeaderRow;
  }
  return settings;
}

export type Outcome = 'add' | 'update' | 'skip';

export interface Counts {
  total: number;
  add: number;
  update: number;
  skip: number;
}

export function countOutcomes(outcomes: readonly (Outcome | undefined)[]): Counts {
  const counts: Counts = { total: outcomes.length, add: 0, update: 0, skip: 0 };
  for (const o of outcomes) if (o) counts[o]++;
  return counts;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The preview's line of counts: "24 transactions: 20 new, 4 already in the account (1 to update)". */
export function previewSummary(counts: Counts): string {
  const matched = counts.update + counts.skip;
  const parts = [`${counts.add.toLocaleString('en-US')} new`];
  if (matched > 0) {
    parts.push(
      `${matched.toLocaleString('en-US')} already in the account` +
        (counts.update > 0 ? ` (${counts.update.toLocaleString('en-US')} to update)` : ''),
    );
  }
  return `${plural(counts.total, 'transaction')}: ${parts.join(', ')}`;
}

/**
 * The import button's words: it counts the rows the import would write (new, or updating what
 * they matched), not the rows of the file; `writes` is null while the preview is not in yet.
 */
export function importButtonText(
  counts: Counts | null,
  rows: number,
): { text: string; writes: number | null } {
  if (rows === 0) return { text: 'Nothing to import', writes: 0 };
  if (!counts) return { text: 'Import transactions', writes: null };
  const writes = counts.add + counts.update;
  if (writes === 0) return { text: 'Nothing new to import', writes };
  return { text: `Import ${plural(writes, 'transaction')}`, writes };
}

/** The counts after an import, from what `transactions-import` answered. */
export function importedCounts(total: number, result: { updated: string[]; matched?: string[] }) {
  const matched = result.matched?.length ?? result.updated.length;
  return {
    added: total - matched,
    updated: result.updated.length,
    unchanged: matched - result.updated.length,
  };
}

export type MatchReason = 'imported-id' | 'payee-amount-date' | 'amount-date';

/** Why a row matched, in words. */
export function matchReasonText(reason: MatchReason): string {
  switch (reason) {
    case 'imported-id':
      return 'the bank’s transaction ID is the same';
    case 'payee-amount-date':
      return 'same payee and amount, dated within 4 days before to 1 day after';
    case 'amount-date':
      return 'same amount, dated within 4 days before to 1 day after';
  }
}

/** The status a preview row shows; `short` for a phone's narrow column (its name stays whole). */
export function outcomeLabel(outcome: Outcome | undefined, short = false): string {
  switch (outcome) {
    case 'add':
      return 'New';
    case 'update':
      return 'Update';
    case 'skip':
      return short ? 'Exists' : 'Already there';
    default:
      return '…';
  }
}
