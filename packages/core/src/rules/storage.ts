import type { ConditionsOp, NewRule, Rule, RuleAction, RuleCondition, RuleStage } from './types.ts';

/** A row of the `rules` table as SQLite returns it. */
export interface RuleRow {
  id: string;
  stage: string | null;
  conditions: string | null;
  actions: string | null;
  conditions_op?: string | null;
  tombstone?: number | null;
}

/** Public (query) field names that the budget file stores under older names. */
const PUBLIC_TO_INTERNAL: Readonly<Record<string, string>> = {
  payee: 'description',
  account: 'acct',
  imported_payee: 'imported_description',
};
const INTERNAL_TO_PUBLIC: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PUBLIC_TO_INTERNAL).map(([pub, internal]) => [internal, pub]),
);

export function toInternalField(field: string): string {
  return PUBLIC_TO_INTERNAL[field] ?? field;
}

export function fromInternalField(field: string): string {
  return INTERNAL_TO_PUBLIC[field] ?? field;
}

function mapFields<T extends { field?: string | null }>(
  items: T[],
  map: (f: string) => string,
): T[] {
  return items.map((item) =>
    typeof item.field === 'string' ? { ...item, field: map(item.field) } : item,
  );
}

function parseList(json: string | null): unknown[] | null {
  if (json == null || json === '') return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

const isObjectList = (list: unknown[]): list is Array<Record<string, unknown>> =>
  list.every((item) => typeof item === 'object' && item !== null);

/** Older clients wrote stages named `cleanup` and `modify`; both mean `pre` now. */
export function normalizeStage(stage: unknown): RuleStage {
  if (stage === 'pre' || stage === 'cleanup' || stage === 'modify') return 'pre';
  return stage === 'post' ? 'post' : null;
}

/**
 * Reads a stored rule. Returns null for a deleted row or one whose JSON cannot be read; such
 * rules are skipped (whether the conditions make sense is `compileRule`'s business).
 */
export function ruleFromRow(row: RuleRow): Rule | null {
  if (row.tombstone === 1 || row.conditions == null || row.actions == null) return null;
  const conditions = parseList(row.conditions);
  const actions = parseList(row.actions);
  if (!conditions || !actions || !isObjectList(conditions) || !isObjectList(actions)) return null;
  return {
    id: row.id,
    stage: normalizeStage(row.stage),
    conditionsOp: row.conditions_op === 'or' ? 'or' : 'and',
    conditions: mapFields(conditions as unknown as RuleCondition[], fromInternalField),
    actions: mapFields(actions as unknown as RuleAction[], fromInternalField),
  };
}

export function serializeConditions(conditions: readonly RuleCondition[]): string {
  return JSON.stringify(mapFields([...conditions], toInternalField));
}

export function serializeActions(actions: readonly RuleAction[]): string {
  return JSON.stringify(mapFields([...actions], toInternalField));
}

function checkHeader(stage: unknown, conditionsOp: unknown): void {
  // The UI only ever sends these values; anything else is a bug in the caller.
  if (stage !== 'pre' && stage !== 'post' && stage !== null) {
    throw new Error(`Invalid rule stage: ${String(stage)}`);
  }
  if (conditionsOp !== 'and' && conditionsOp !== 'or') {
    throw new Error(`Invalid rule conditionsOp: ${String(conditionsOp)}`);
  }
}

/** The columns to write for a new or replaced rule. */
export function ruleToRow(rule: Rule): {
  id: string;
  stage: RuleStage;
  conditions_op: ConditionsOp;
  conditions: string;
  actions: string;
} {
  checkHeader(rule.stage, rule.conditionsOp);
  return {
    id: rule.id,
    stage: rule.stage,
    conditions_op: rule.conditionsOp,
    conditions: serializeConditions(rule.conditions),
    actions: serializeActions(rule.actions),
  };
}

/** The columns to write for a partial update (`rule-update` may send only some fields). */
export function rulePatchToRow(patch: Partial<NewRule> & { id: string }): Partial<RuleRow> & {
  id: string;
} {
  const row: Partial<RuleRow> & { id: string } = { id: patch.id };
  if ('stage' in patch) {
    checkHeader(patch.stage ?? null, 'and');
    row.stage = patch.stage ?? null;
  }
  if (patch.conditionsOp !== undefined) {
    checkHeader(null, patch.conditionsOp);
    row.conditions_op = patch.conditionsOp satisfies ConditionsOp;
  }
  if (patch.conditions) row.conditions = serializeConditions(patch.conditions);
  if (patch.actions) row.actions = serializeActions(patch.actions);
  return row;
}
