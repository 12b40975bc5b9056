/** The rule editor's state and the small steps it takes (spec: rule editor, rule validation). */

export type Stage = 'pre' | 'post' | null;

export interface RuleRow {
  field?: string;
  op: string;
  value: unknown;
  type?: string;
  options?: unknown;
}

export interface EditorRule {
  id?: string;
  stage: Stage;
  conditionsOp: 'and' | 'or';
  conditions: RuleRow[];
  actions: RuleRow[];
}

/** What `rule-add` / `rule-update` answer when a row is not valid: one code per row. */
export interface RuleErrors {
  conditionErrors?: Array<string | null> | null;
  actionErrors?: Array<string | null> | null;
}

export const STAGES: ReadonlyArray<readonly [Stage, string]> = [
  ['pre', 'Pre'],
  [null, 'Default'],
  ['post', 'Post'],
];

/** The fields an action can set, with their value types (spec: rule entities). */
export const ACTION_FIELDS: ReadonlyArray<readonly [string, string, string]> = [
  ['category', 'Category', 'id'],
  ['payee', 'Payee', 'id'],
  ['notes', 'Notes', 'string'],
  ['cleared', 'Cleared', 'boolean'],
  ['account', 'Account', 'id'],
  ['date', 'Date', 'date'],
  ['amount', 'Amount', 'number'],
];

const TEXTS: Record<string, string> = {
  'date-format': 'Invalid date format',
  'no-null': 'Value cannot be empty',
  'no-empty-array': 'Value cannot be empty',
  'no-empty-string': 'Value cannot be empty',
  'not-number': 'Value must be a number',
  'invalid-field': 'Please choose a valid field for this type of rule',
};

/** The text shown under a row for the server's error code. */
export function ruleErrorText(code: string): string {
  return (
    TEXTS[code] ??
    'Internal error, sorry! Please get in touch with support if this keeps happening.'
  );
}

/** The server's per-row codes as texts, or null when the answer carries no row errors. */
export function rowErrors(
  error: RuleErrors | null | undefined,
): { conditions: Array<string | null>; actions: Array<string | null> } | null {
  if (!error || (!error.conditionErrors && !error.actionErrors)) return null;
  const texts = (list: Array<string | null> | null | undefined) =>
    (list ?? []).map((code) => (code ? ruleErrorText(code) : null));
  return { conditions: texts(error.conditionErrors), actions: texts(error.actionErrors) };
}

/** Changing an action's field clears its value and takes the new field's type. */
export function changeActionField(action: RuleRow, field: string): RuleRow {
  const type = ACTION_FIELDS.find(([name]) => name === field)?.[2] ?? 'string';
  return { op: action.op, field, type, value: type === 'boolean' ? false : null };
}

/** A value typed into a row, read for the field's type: amounts as integer cents. */
export function parseRowValue(type: string | undefined, text: string): unknown {
  if (type === 'number') {
    const n = Number(text.replace(/[^0-9.-]/g, ''));
    return text.trim() === '' || Number.isNaN(n) ? null : Math.round(n * 100);
  }
  return text === '' ? null : text;
}

/** The editor's copy of a rule: rows are edited in place, so they are copied. */
export function editorRule(rule: Partial<EditorRule> | undefined): EditorRule {
  return {
    ...(rule?.id ? { id: rule.id } : {}),
    stage: rule?.stage ?? null,
    conditionsOp: rule?.conditionsOp === 'or' ? 'or' : 'and',
    conditions: (rule?.conditions ?? []).map((c) => ({ ...c })),
    actions: (rule?.actions ?? []).map((a) => ({ ...a })),
  };
}

/**
 * A row's value as the rules list shows it: names for ids, '(nothing)' for no value,
 * '(deleted)' for an id that names nothing, '(empty)' for an empty list, and past 4 items the
 * first 3 and how many more.
 */
export function describeValue(
  type: string | undefined,
  value: unknown,
  names: ReadonlyMap<string, string>,
): string {
  const one = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '(nothing)';
    if (type === 'id' && typeof v === 'string') return names.get(v) ?? '(deleted)';
    if (type === 'number' && typeof v === 'number') return (v / 100).toFixed(2);
    if (typeof v === 'object') {
      const range = v as { num1?: unknown; num2?: unknown };
      if ('num1' in range) return `${one(range.num1)} and ${one(range.num2)}`;
      return JSON.stringify(v);
    }
    return String(v);
  };
  if (!Array.isArray(value)) return one(value);
  if (value.length === 0) return '(empty)';
  if (value.length <= 4) return value.map(one).join(', ');
  return `${value.slice(0, 3).map(one).join(', ')}, ${value.length - 3} more items...`;
}
