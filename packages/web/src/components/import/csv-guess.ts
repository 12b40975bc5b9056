/**
 * First guesses for a CSV nobody mapped before, from its column names (in the languages banks
 * write them) and its cells: which column is the date, the amount, the payee; how the dates
 * and amounts read; whether the first row is a header at all. Every guess can be changed in
 * the modal, and the user's choice is remembered for the account.
 */
import {
  type CsvMapping,
  type CsvRow,
  type DateFormat,
  looksLikeDate,
  looksLikeDateColumn,
  possibleDateFormats,
} from '@coffer/core/ui';

type Field = 'date' | 'payee' | 'notes' | 'category' | 'amount' | 'inflow' | 'outflow';

/** Column names for each field, the most telling first. */
const NAMES: Record<Field, RegExp[]> = {
  date: [
    /^(transaction |booking |posting )?date$/i,
    /^(datum|fecha|data|dátum|dato)$/i,
    /buchungs(tag|datum)|date de (comptabilisation|l'opération|operation)|transaction date|booking date|datum (verrichting|provedení)|könyvelés dátuma|posted|created|fecha operación/i,
    /date|datum|fecha/i,
  ],
  amount: [
    /^amount\b/i,
    /amount|betrag|bedrag|importe|montant|összeg|částka|èástka|castka|beløb|belopp|kwota|importo/i,
    /^(sum|total|value)$/i,
  ],
  inflow: [
    /^(inflow|credit|deposits?|paid in|money in|haben|crédit|credit amount|einzahlung|gutschrift)\b/i,
    /inflow|credit|deposit|paid in|money in|crédit|gutschrift/i,
  ],
  outflow: [
    /^(outflow|debit|withdrawals?|paid out|money out|soll|débit|debit amount|auszahlung|lastschrift)\b/i,
    /outflow|debit|withdrawal|paid out|money out|débit|lastschrift/i,
  ],
  payee: [
    /payee|merchant|handelaar|händler|commerçant|beneficiary|begünstigter|beguenstigter|empfänger|partner name|tegenpartij|název|counterparty name|destinatario/i,
    /^name$|\bname\b|felhasználónév/i,
    /counterparty|gegenkonto/i,
    /^desc(ription)?( 1)?$/i,
    /description|beschreibung|libellé|concepto|details|text|to$/i,
  ],
  notes: [
    /^notes?$/i,
    /memo|verwendungszweck|purpose|payment reference|remittance|mitteilung|omschrijving|reference|comment|message/i,
    /description|details|items/i,
  ],
  category: [/^categor(y|ie)$|^kategorie$/i, /categor|kategorie/i],
};

/** A running balance, an id or a number column: never an amount or a payee. */
const NOT_AMOUNT = /balance|saldo|solde|kontostand|\bid\b|number|nummer|číslo|èíslo|date|datum/i;

/** The account's own name or number (Mint's "Account Name"): not the payee. */
const ACCOUNT_NAME = /account|konto|iban|\bbic\b/i;

const IBAN_OR_NUMBER = /^([A-Z]{2}\d{2}[A-Z0-9 ]{8,}|[\d\s/*.-]+)$/;

function cells(rows: readonly CsvRow[], column: string): string[] {
  return rows.map((r) => (r[column] ?? '').trim());
}

/** Most cells hold some digits and nothing but number characters. */
function isNumeric(rows: readonly CsvRow[], column: string): boolean {
  const values = cells(rows, column).filter((v) => v !== '');
  return (
    values.length > 0 &&
    values.every((v) => /^[\s\d.,'()+\-−$€£¥%A-Za-z]*$/.test(v) && /\d/.test(v)) &&
    values.some((v) => /[.,]\d|^\s*[-+(−]?\s*[$€£¥]?\s*\d/.test(v))
  );
}

/** Most cells hold words: not empty, not an account number or IBAN. */
function isText(rows: readonly CsvRow[], column: string): boolean {
  const values = cells(rows, column);
  const filled = values.filter((v) => v !== '');
  if (filled.length * 2 < values.length || filled.length === 0) return false;
  const wordy = filled.filter((v) => /\p{L}{2}/u.test(v) && !IBAN_OR_NUMBER.test(v));
  return wordy.length * 2 >= filled.length;
}

/**
 * A first mapping: for each field the column named most like it whose cells fit (a payee
 * column holds words, an amount column numbers); a column whose cells read as dates feeds the
 * date when none is named so. Inflow and outflow columns are used (split mode) only when both
 * are found and no amount column is.
 */
export function guessMapping(
  fields: readonly string[],
  rows: readonly CsvRow[],
  hasHeaderRow: boolean,
): { mapping: CsvMapping; splitMode: boolean } {
  const sample = rows.slice(0, 30);
  const taken = new Set<string>();
  const found: Partial<Record<Field, string>> = {};
  const fits: Record<Field, (f: string) => boolean> = {
    date: (f) => looksLikeDateColumn(cells(sample, f)),
    amount: (f) => !NOT_AMOUNT.test(f) && isNumeric(sample, f),
    inflow: (f) => !NOT_AMOUNT.test(f),
    outflow: (f) => !NOT_AMOUNT.test(f),
    payee: (f) => !ACCOUNT_NAME.test(f) && isText(sample, f),
    notes: (f) => cells(sample, f).some((v) => v !== ''),
    category: () => true,
  };
  const pick = (field: Field) => {
    if (!hasHeaderRow) return;
    for (const pattern of NAMES[field]) {
      const column = fields.find((f) => !taken.has(f) && pattern.test(f.trim()) && fits[field](f));
      if (column) {
        found[field] = column;
        taken.add(column);
        return;
      }
    }
  };
  for (const field of [
    'date',
    'amount',
    'inflow',
    'outflow',
    'payee',
    'notes',
    'category',
  ] as const) {
    pick(field);
  }
  if (!found.date) {
    const column = fields.find((f) => !taken.has(f) && fits.date(f));
    if (column) taken.add((found.date = column));
  }
  const splitMode = !found.amount && !!found.inflow && !!found.outflow;
  if (!found.amount && !splitMode) {
    const column = [...fields].reverse().find((f) => !taken.has(f) && fits.amount(f));
    if (column) taken.add((found.amount = column));
  }
  if (!found.payee && found.notes && fits.payee(found.notes)) {
    // A file with one text column ("Details") has its payee there.
    found.payee = found.notes;
    delete found.notes;
  }
  if (!found.payee) {
    const column = fields.find((f) => !taken.has(f) && fits.payee(f));
    if (column) taken.add((found.payee = column));
  }
  const mapping: CsvMapping = { date: found.date ?? fields[0] ?? '' };
  if (found.payee) mapping.payee = found.payee;
  if (found.notes) mapping.notes = found.notes;
  if (found.category) mapping.category = found.category;
  if (splitMode) {
    mapping.inflow = found.inflow;
    mapping.outflow = found.outflow;
  } else if (found.amount) {
    mapping.amount = found.amount;
    const indicator = guessIndicator(fields, sample, found.amount, taken);
    if (indicator) {
      mapping.inOut = indicator.column;
      mapping.outValue = indicator.outValue;
    }
  }
  return { mapping, splitMode };
}

const OUT_WORDS = new Set(['debit', 'dr', 'd', 'withdrawal', 'out', 'soll', 's', 'payment']);
const IN_WORDS = new Set(['credit', 'cr', 'c', 'deposit', 'in', 'haben', 'h']);

/**
 * A column saying which way a size-only amount goes (Mint's "Transaction Type" of debit or
 * credit), when every amount is positive and the column holds just those two words.
 */
function guessIndicator(
  fields: readonly string[],
  rows: readonly CsvRow[],
  amount: string,
  taken: ReadonlySet<string>,
): { column: string; outValue: string } | null {
  if (rows.length === 0 || rows.some((r) => /^\s*[-(−]/.test(r[amount] ?? ''))) return null;
  for (const column of fields) {
    if (taken.has(column) || column === amount) continue;
    const values = new Set(cells(rows, column).map((v) => v.toLowerCase()));
    const out = [...values].find((v) => OUT_WORDS.has(v));
    if (values.size <= 2 && out && [...values].every((v) => OUT_WORDS.has(v) || IN_WORDS.has(v))) {
      const original = cells(rows, column).find((v) => v.toLowerCase() === out);
      return { column, outValue: original ?? out };
    }
  }
  return null;
}

/** The values a column holds, for the money-out choice of a debit/credit column. */
export function distinctValues(rows: readonly CsvRow[], column: string, limit = 20): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    const v = (r[column] ?? '').trim();
    if (v !== '') seen.add(v);
    if (seen.size >= limit) break;
  }
  return [...seen];
}

/**
 * Whether a file read with a header row had none: a "column name" that is a date or an amount
 * is the first transaction.
 */
export function looksHeaderless(fields: readonly string[]): boolean {
  return fields.some((f) => looksLikeDate(f.trim()) || /^\s*[-+]?[$€£]?\d[\d.,']*\s*$/.test(f));
}

/** Order tried on a tie: four-digit years and month first, unless told day first. */
const ORDER: readonly DateFormat[] = [
  'yyyy mm dd',
  'mm dd yyyy',
  'dd mm yyyy',
  'mm dd yy',
  'dd mm yy',
  'yy mm dd',
];

/**
 * The date format for a column: the one that reads the most of its dates (a junk row does not
 * spoil the guess). When month first and day first read as many, the dots of "05.12.2025"
 * mean day first, as does a user whose own date format puts the day first; otherwise month
 * first.
 */
export function guessDateFormat(samples: readonly string[], dayFirst = false): DateFormat {
  const filled = samples.filter((s) => s.trim() !== '');
  const dotted = filled.some((s) => /^\s*\d{1,2}\.\d{1,2}\.\d{2,4}/.test(s));
  const order = dayFirst || dotted ? [...ORDER].sort((a, b) => rank(a) - rank(b)) : ORDER;
  // Each date's readable formats once (not once per format tried: 200 dates × 9 formats × 9).
  const readable = filled.map((s) => possibleDateFormats([s]));
  let best: DateFormat = 'yyyy mm dd';
  let bestCount = 0;
  for (const format of order) {
    const count = readable.filter((formats) => formats.includes(format)).length;
    if (count > bestCount) {
      best = format;
      bestCount = count;
    }
  }
  return best;
}

/** Day-first formats first, otherwise the usual order. */
function rank(format: DateFormat): number {
  return (format.startsWith('dd') ? 0 : 10) + ORDER.indexOf(format);
}

/**
 * The decimal separator of an amount column, from the cells that show it plainly ("12,50",
 * "1.234,56", "0.5"), so that a cell that alone is ambiguous ("1,000") reads the same way.
 * Undefined when no cell tells.
 */
export function columnDecimalSeparator(samples: readonly string[]): '.' | ',' | undefined {
  let dots = 0;
  let commas = 0;
  for (const raw of samples) {
    const s = raw.replace(/[^\d.,]/g, '');
    const dot = s.lastIndexOf('.');
    const comma = s.lastIndexOf(',');
    if (dot >= 0 && comma >= 0) {
      if (dot > comma) dots++;
      else commas++;
    } else if (dot >= 0 || comma >= 0) {
      const at = Math.max(dot, comma);
      const sep = s[at]!;
      // One separator followed by exactly three digits may be grouping: it does not tell.
      if (s.indexOf(sep) === at && s.length - at - 1 !== 3) {
        if (sep === '.') dots++;
        else commas++;
      }
    }
  }
  if (dots === commas) return undefined;
  return dots > commas ? '.' : ',';
}
