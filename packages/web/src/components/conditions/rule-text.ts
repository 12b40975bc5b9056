/**
 * A rule in words, the one place for it (spec: rules page, value display): field and operator
 * names, values by name in the user's formats, and the spec's words for nothing, deleted and
 * empty. The rules list reads a row as phrases (`conditionWords`, 'amount is approx'); the
 * schedule editor reads its rule as sentences (`conditionSentence`, 'amount is approximately').
 */
import {
  describeRecurrence,
  editorFieldOf,
  fieldLabel,
  type FieldType,
  fieldType,
  opLabel,
} from '@coffer/core/ui';
import { fieldTitle } from './fields.ts';

export type Stage = 'pre' | 'post' | null;

/** A condition or action as rules are sent and received (public field names). */
export interface RuleRow {
  field?: string | null;
  op: string;
  value: unknown;
  type?: string;
  options?: unknown;
}

/** Names of what rules point at; undefined when the row no longer exists. */
export interface RuleNames {
  payee(id: string): string | undefined;
  category(id: string): string | undefined;
  account(id: string): string | undefined;
  schedule(id: string): string | undefined;
}

export interface RuleFormats {
  amount(cents: number): string;
  date(date: string): string;
}

/** The spec: lists longer than 4 show the first 3 and how many more. */
export const LIST_SHOWN = 3;
export const LIST_LIMIT = 4;

export const NOTHING = '(nothing)';
export const DELETED = '(deleted)';
export const EMPTY = '(empty)';

export function stageText(stage: Stage | string | undefined): string {
  return stage === 'pre' ? 'Pre' : stage === 'post' ? 'Post' : 'Default';
}

function nameOf(field: string | null | undefined, id: string, names: RuleNames): string {
  const found =
    field === 'payee'
      ? names.payee(id)
      : field === 'category'
        ? names.category(id)
        : field === 'account'
          ? names.account(id)
          : undefined;
  // A payee about to be created on save reads as its name.
  if (found === undefined && id.startsWith('new:')) return id.slice(4);
  return found ?? DELETED;
}

/** One value of a row (not a list). */
function oneValue(row: RuleRow, v: unknown, names: RuleNames, fmt: RuleFormats): string {
  if (v === null || v === undefined || v === '') return NOTHING;
  if (row.op === 'link-schedule') return names.schedule(String(v)) ?? DELETED;
  switch (row.type as FieldType | undefined) {
    case 'id':
      return typeof v === 'string' ? nameOf(row.field, v, names) : String(v);
    case 'number':
      if (typeof v === 'number') {
        // Inflow and outflow compare the amount's size: the size is what the row says.
        const options = row.options as { inflow?: boolean; outflow?: boolean } | null | undefined;
        const shown = options?.inflow || options?.outflow ? Math.abs(v) : v;
        return Number.isInteger(v) ? fmt.amount(shown) : String(v);
      }
      if (typeof v === 'object' && 'num1' in v) {
        const { num1, num2 } = v as { num1: unknown; num2: unknown };
        return `${oneValue(row, num1, names, fmt)} and ${oneValue(row, num2, names, fmt)}`;
      }
      return String(v);
    case 'date':
      if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(v) ? fmt.date(v) : v;
      return describeRecurrence(v, fmt.date);
    case 'boolean':
      return v === true || v === 1 ? 'true' : 'false';
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

/** A row's value as the list shows it (a sentence names every value of a list: `all`). */
export function valueText(row: RuleRow, names: RuleNames, fmt: RuleFormats, all = false): string {
  const { value } = row;
  if (!Array.isArray(value)) return oneValue(row, value, names, fmt);
  if (value.length === 0) return EMPTY;
  const shown = value.length > LIST_LIMIT && !all ? value.slice(0, LIST_SHOWN) : value;
  const text = shown.map((v) => oneValue(row, v, names, fmt)).join(', ');
  return value.length > LIST_LIMIT && !all
    ? `${text}, ${value.length - LIST_SHOWN} more items...`
    : text;
}

/** The rule type of a transaction field, for showing its value. */
export function transactionFieldType(field: string): string {
  if (field === 'notes' || field === 'imported_payee') return 'string';
  if (field === 'amount') return 'number';
  if (field === 'date') return 'date';
  if (field === 'cleared') return 'boolean';
  return 'id';
}

/** A transaction's field as the rules pages show it (`schedule` by the schedule's name). */
export function transactionValueText(
  field: string,
  value: unknown,
  names: RuleNames,
  fmt: RuleFormats,
): string {
  return field === 'schedule'
    ? valueText({ op: 'link-schedule', value }, names, fmt)
    : valueText({ field, op: 'is', type: transactionFieldType(field), value }, names, fmt);
}

export interface RowWords {
  field: string;
  op: string;
  value: string;
}

export function conditionWords(row: RuleRow, names: RuleNames, fmt: RuleFormats): RowWords {
  const options = row.options as { inflow?: boolean; outflow?: boolean } | null | undefined;
  return {
    field: fieldLabel(row.field ?? '', options),
    op: opLabel(row.op, row.type as FieldType | undefined),
    value: valueText(row, names, fmt),
  };
}

export function actionWords(row: RuleRow, names: RuleNames, fmt: RuleFormats): RowWords {
  return {
    field: row.op === 'link-schedule' ? '' : fieldLabel(row.field ?? ''),
    op: opLabel(row.op),
    value: valueText(row, names, fmt),
  };
}

const joinWords = (w: RowWords, order: 'condition' | 'action') =>
  (order === 'condition' ? [w.field, w.op, w.value] : [w.op, w.field, w.value])
    .filter(Boolean)
    .join(' ');

/** The whole rule on one line: 'payee is Shop → set category Groceries'. */
export function ruleText(
  rule: {
    stage?: Stage | string;
    conditionsOp?: string;
    conditions: RuleRow[];
    actions: RuleRow[];
  },
  names: RuleNames,
  fmt: RuleFormats,
): string {
  const join = rule.conditionsOp === 'or' ? ' or ' : ' and ';
  const conditions = rule.conditions
    .map((c) => joinWords(conditionWords(c, names, fmt), 'condition'))
    .join(join);
  const actions = rule.actions
    .map((a) => joinWords(actionWords(a, names, fmt), 'action'))
    .join(', ');
  return `${conditions} → ${actions}`;
}

/**
 * Whether a rule answers the list's filter: its stage, field and operator names and its values
 * as shown (names, not ids), case-insensitively.
 */
export function ruleMatchesFilter(
  rule: {
    stage?: Stage | string;
    conditionsOp?: string;
    conditions: RuleRow[];
    actions: RuleRow[];
  },
  filter: string,
  names: RuleNames,
  fmt: RuleFormats,
): boolean {
  const f = filter.trim().toLowerCase();
  if (f === '') return true;
  const text = `${stageText(rule.stage)} ${ruleText(rule, names, fmt)}`.toLowerCase();
  return text.includes(f);
}

/** Operators as a sentence says them, where that differs from the editor's short names. */
const SENTENCE_OPS: Readonly<Record<string, string>> = {
  isapprox: 'is approximately',
  oneOf: 'is one of',
  notOneOf: 'is not one of',
  gt: 'is greater than',
  gte: 'is greater than or equal to',
  lt: 'is less than',
  lte: 'is less than or equal to',
};

/** A row as sent by the server may leave out its type: the field's type then. */
const typed = (row: RuleRow): RuleRow =>
  row.type ? row : { ...row, type: transactionFieldType(row.field ?? '') };

/** One condition as a sentence: `payee is Landlord`, `amount is between -90.00 and -110.00`. */
export function conditionSentence(row: RuleRow, names: RuleNames, fmt: RuleFormats): string {
  const field = row.field ?? '';
  const op = SENTENCE_OPS[row.op] ?? opLabel(row.op) ?? row.op;
  return `${fieldLabel(field)} ${op || row.op} ${valueText(typed(row), names, fmt, true)}`;
}

/** One action as a sentence: `link to this schedule`, `set category to Rent`. */
export function actionSentence(row: RuleRow, names: RuleNames, fmt: RuleFormats): string {
  if (row.op === 'link-schedule') return 'link to this schedule';
  const field = row.field ?? '';
  return `${row.op} ${fieldLabel(field)} to ${valueText(typed(row), names, fmt, true)}`;
}

/**
 * A filter's condition as its chip reads it (the register's filters): the editor's field name
 * ('Amount (outflow)', 'Month'), the operator and the value as the rules list shows it.
 */
export function filterConditionText(row: RuleRow, names: RuleNames, fmt: RuleFormats): string {
  const field = editorFieldOf({
    field: row.field ?? '',
    value: row.value,
    options: row.options as { inflow?: boolean; outflow?: boolean } | null | undefined,
  });
  const op = opLabel(row.op, fieldType(row.field));
  return `${fieldTitle(field)} ${op} ${valueText(typed(row), names, fmt)}`;
}
