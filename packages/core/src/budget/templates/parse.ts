/**
 * Parses the template lines of a category note. Other lines are ignored. A line that starts
 * with a directive but does not follow its syntax becomes an error naming the line, the column
 * and the problem; the rest of the note still parses.
 */
import { MAX_AMOUNT } from '../amounts.ts';
import { isDate, isMonth } from '../../calendar/months.ts';
import type {
  CleanupLine,
  Limit,
  ParsedNote,
  PeriodUnit,
  Template,
  TemplateError,
} from './types.ts';

interface Token {
  text: string;
  lower: string;
  start: number;
}

class SyntaxProblem {
  constructor(
    readonly column: number,
    readonly message: string,
  ) {}
}

const CURRENCY = /^\p{Sc}$/u;
const NUMBER = /^-?\d+(\.\d{0,2})?$/;

/** A cursor over the words of one line. */
class Cursor {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly line: string,
  ) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }

  /** Where the next token starts, or the end of the line. */
  get column(): number {
    return this.peek()?.start ?? this.line.length;
  }

  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }

  next(): Token | undefined {
    return this.tokens[this.i++];
  }

  is(...words: string[]): boolean {
    return words.includes(this.peek()?.lower ?? '');
  }

  accept(...words: string[]): boolean {
    if (!this.is(...words)) return false;
    this.i++;
    return true;
  }

  expect(word: string, what = `'${word}'`): void {
    if (!this.accept(word)) this.fail(`Expected ${what}${this.found()}`);
  }

  /** Everything from the next token to the end of the line, consumed. */
  rest(): string {
    const text = this.line.slice(this.column).trim();
    this.i = this.tokens.length;
    return text;
  }

  end(): void {
    if (!this.atEnd()) this.fail(`Unexpected '${this.peek()?.text}'`);
  }

  found(): string {
    const t = this.peek();
    return t ? `, found '${t.text}'` : ', found the end of the line';
  }

  fail(message: string, column = this.column): never {
    throw new SyntaxProblem(column, message);
  }
}

function tokenize(line: string, from: number): Token[] {
  const tokens: Token[] = [];
  const re = /\S+/g;
  re.lastIndex = from;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    tokens.push({ text: m[0], lower: m[0].toLowerCase(), start: m.index });
  }
  return tokens;
}

/** "12.5" → 1250 cents, exactly (no floating point). */
function toCents(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return negative ? -cents : cents;
}

function amount(c: Cursor, what = 'an amount'): number {
  const start = c.column;
  let t = c.peek();
  let text = t?.text ?? '';
  // A currency symbol may stand alone ("$ 50") or lead the number ("$50").
  if (CURRENCY.test(text)) {
    c.next();
    t = c.peek();
    text = t?.text ?? '';
  } else if (text.length > 1 && CURRENCY.test([...text][0] ?? '')) {
    text = text.slice([...text][0]?.length ?? 1);
  }
  if (!t || !NUMBER.test(text)) c.fail(`Expected ${what}${c.found()}`, start);
  c.next();
  const cents = toCents(text);
  if (Math.abs(cents) > MAX_AMOUNT) c.fail(`The amount ${text} is too large`, start);
  return cents;
}

function positiveInt(c: Cursor, what: string): number {
  const t = c.peek();
  if (!t || !/^[1-9]\d*$/.test(t.text)) c.fail(`Expected ${what}${c.found()}`);
  c.next();
  return Number(t.text);
}

function month(c: Cursor): string {
  const t = c.peek();
  if (!t || !/^\d{4}-\d{2}$/.test(t.text)) c.fail(`Expected a month (YYYY-MM)${c.found()}`);
  if (!isMonth(t.text)) c.fail(`'${t.text}' is not a valid month`);
  c.next();
  return t.text;
}

function date(c: Cursor): string {
  const t = c.peek();
  if (!t || !/^\d{4}-\d{2}(-\d{2})?$/.test(t.text)) {
    c.fail(`Expected a date (YYYY-MM-DD)${c.found()}`);
  }
  const value = t.text.length === 7 ? `${t.text}-01` : t.text;
  if (!isDate(value)) c.fail(`'${t.text}' is not a valid date`);
  c.next();
  return value;
}

function limit(c: Cursor): Limit {
  c.expect('up');
  c.expect('to', "'to' after 'up'");
  const value = amount(c, "an amount after 'up to'");
  return { amount: value, hold: c.accept('hold') };
}

function optionalLimit(c: Cursor): Limit | null {
  return c.is('up') ? limit(c) : null;
}

const UNITS: Record<string, [PeriodUnit, boolean]> = {
  day: ['day', false],
  days: ['day', true],
  week: ['week', false],
  weeks: ['week', true],
  month: ['month', false],
  months: ['month', true],
  year: ['year', false],
  years: ['year', true],
};

/** "week", "2 weeks", "month", "6 months", "year", "2 years" (and days). */
function period(c: Cursor, allowed: PeriodUnit[]): { unit: PeriodUnit; every: number } {
  const counted = /^\d+$/.test(c.peek()?.text ?? '');
  const every = counted ? positiveInt(c, 'a number') : 1;
  const word = c.peek()?.lower ?? '';
  const unit = UNITS[word];
  const names = allowed.join(', ');
  if (!unit || !allowed.includes(unit[0])) c.fail(`Expected a period (${names})${c.found()}`);
  if (unit[1] && !counted) c.fail(`Expected a number before '${word}'`);
  if (!unit[1] && counted && every !== 1) c.fail(`Expected '${unit[0]}s' after ${every}`);
  c.next();
  return { unit: unit[0], every };
}

function percentage(c: Cursor, priority: number): Template {
  const t = c.next() as Token;
  let text = t.text;
  if (text.endsWith('%')) text = text.slice(0, -1);
  else c.expect('%', "'%'");
  if (!/^\d+(\.\d+)?$/.test(text)) c.fail(`Expected a percentage`, t.start);
  c.expect('of', "'of' after the percentage");
  const previous = c.accept('previous');
  const source = c.rest();
  if (!source) c.fail('Expected an income category, "all income" or "available funds"');
  return { type: 'percentage', priority, percent: Number(text), previous, source };
}

function startsWithAmount(c: Cursor): boolean {
  const t = c.peek()?.text ?? '';
  const first = [...t][0] ?? '';
  return (
    NUMBER.test(t) ||
    CURRENCY.test(t) ||
    (CURRENCY.test(first) && NUMBER.test(t.slice(first.length)))
  );
}

function templateBody(c: Cursor, priority: number): Template {
  if (c.accept('schedule')) {
    const full = c.accept('full');
    const name = c.rest();
    if (!name) c.fail('Expected a schedule name');
    return { type: 'schedule', priority, name, full };
  }
  if (c.accept('remainder')) {
    const weight = /^\d+$/.test(c.peek()?.text ?? '') ? positiveInt(c, 'a weight') : 1;
    const lim = optionalLimit(c);
    c.end();
    return { type: 'remainder', weight, limit: lim };
  }
  if (c.accept('average')) {
    const months = positiveInt(c, 'a number of months');
    c.accept('months', 'month');
    c.end();
    return { type: 'average', priority, months };
  }
  if (c.is('up')) {
    const lim = limit(c);
    c.end();
    return { type: 'simple', priority, monthly: null, limit: lim };
  }
  const t = c.peek()?.text ?? '';
  if (/^\d+(\.\d+)?%$/.test(t) || (/^\d+(\.\d+)?$/.test(t) && c.peek(1)?.text === '%')) {
    return percentage(c, priority);
  }
  if (!startsWithAmount(c))
    c.fail(`Expected an amount, 'up to', a percentage or a keyword${c.found()}`);
  const value = amount(c);
  if (c.accept('by')) {
    const target = month(c);
    let spendFrom: string | null = null;
    if (c.accept('spend')) {
      c.expect('from', "'from' after 'spend'");
      spendFrom = month(c);
    }
    let repeatMonths: number | null = null;
    if (c.accept('repeat')) {
      c.expect('every', "'every' after 'repeat'");
      const p = period(c, ['month', 'year']);
      repeatMonths = p.every * (p.unit === 'year' ? 12 : 1);
    }
    c.end();
    return { type: 'by', priority, amount: value, month: target, spendFrom, repeatMonths };
  }
  if (c.accept('repeat')) {
    c.expect('every', "'every' after 'repeat'");
    const p = period(c, ['day', 'week', 'month', 'year']);
    c.expect('starting', "'starting' and a date");
    const starting = date(c);
    const lim = optionalLimit(c);
    c.end();
    return { type: 'periodic', priority, amount: value, ...p, starting, limit: lim };
  }
  const lim = optionalLimit(c);
  c.end();
  return { type: 'simple', priority, monthly: value, limit: lim };
}

function cleanupBody(c: Cursor, line: string): CleanupLine {
  const tokens = tokenize(line, c.column);
  const last = tokens[tokens.length - 1];
  if (!last) c.fail("Expected 'source' or 'sink'");
  let kwIndex = tokens.length - 1;
  let weight = 1;
  if (/^\d+$/.test(last.text) && tokens[kwIndex - 1]?.lower === 'sink') {
    weight = Number(last.text);
    kwIndex--;
    if (weight <= 0) c.fail('The weight must be a positive number', last.start);
  }
  const kw = tokens[kwIndex] as Token;
  if (kw.lower !== 'source' && kw.lower !== 'sink') {
    c.fail(`Expected 'source' or 'sink' at the end, found '${kw.text}'`, kw.start);
  }
  const group = line.slice(c.column, kw.start).trim() || null;
  return kw.lower === 'source' ? { type: 'source', group } : { type: 'sink', group, weight };
}

const DIRECTIVE = /^#(template|goal|cleanup)(?=$|[\s-])/i;

export function parseNote(note: string | null | undefined): ParsedNote {
  const out: ParsedNote = { templates: [], cleanups: [], errors: [] };
  const lines = (note ?? '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const text = raw.trim();
    const m = DIRECTIVE.exec(text);
    if (!m) return;
    const ref = { line: index + 1, text };
    const kind = (m[1] as string).toLowerCase();
    let pos = m[0].length;
    try {
      let priority = 0;
      if (kind === 'template' && text[pos] === '-') {
        const p = /^-(\d+)(?=$|\s)/.exec(text.slice(pos));
        if (!p) throw new SyntaxProblem(pos, 'A priority must be a whole number, like #template-2');
        priority = Number(p[1]);
        pos += p[0].length;
      } else if (text[pos] === '-') {
        throw new SyntaxProblem(pos, `#${kind} takes no priority`);
      }
      const c = new Cursor(tokenize(text, pos), text);
      if (c.atEnd()) c.fail(`Expected something after '#${kind}'`);
      if (kind === 'cleanup') {
        out.cleanups.push({ ...cleanupBody(c, text), ...ref });
      } else if (kind === 'goal') {
        const value = amount(c, 'a goal amount');
        c.end();
        out.templates.push({ type: 'goal', amount: value, ...ref });
      } else {
        out.templates.push({ ...templateBody(c, priority), ...ref });
      }
    } catch (err) {
      if (!(err instanceof SyntaxProblem)) throw err;
      out.errors.push({ ...ref, column: err.column, message: err.message });
    }
  });
  return out;
}

/** One error as a readable block: where, what, and a caret under the spot. */
export function formatTemplateError(categoryName: string, e: TemplateError): string {
  return `${categoryName}, line ${e.line}: ${e.message}\n${e.text}\n${' '.repeat(e.column)}^`;
}
