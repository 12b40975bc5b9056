import { APPROX_DATE_DAYS, parseDay } from '../recurrence/index.ts';
import { hasTag } from '../tags/parse.ts';
import type {
  CompiledAction,
  CompiledCondition,
  CompiledRule,
  EvalContext,
  IdField,
} from './types.ts';

export { approxThreshold } from './threshold.ts';

/**
 * Per-run memo of the last parsed date and the last lower-cased text: every date condition of
 * every rule looks at the same transaction date, and most text conditions at the same
 * imported payee, so one run parses or lower-cases each once.
 */
export interface DayMemo {
  text: unknown;
  day: number | null;
  raw?: string;
  lower?: string;
}

export function newDayMemo(): DayMemo {
  return { text: undefined, day: null };
}

function lowerOf(raw: string, memo: DayMemo | undefined): string {
  if (!memo) return raw.toLowerCase();
  if (memo.raw !== raw) {
    memo.raw = raw;
    memo.lower = raw.toLowerCase();
  }
  return memo.lower!;
}

function dayOf(text: string, memo: DayMemo | undefined): number | null {
  if (!memo) return parseDay(text);
  if (memo.text !== text) {
    memo.text = text;
    memo.day = parseDay(text);
  }
  return memo.day;
}

function evalString(cond: CompiledCondition, raw: unknown, memo: DayMemo | undefined): boolean {
  const text = typeof raw === 'string' ? lowerOf(raw, memo) : null;
  const v = cond.value;
  switch (cond.op) {
    case 'is':
      return v.kind === 'text' && text === v.text;
    case 'isNot':
      return v.kind === 'text' && text !== v.text;
    case 'contains':
      return v.kind === 'text' && text !== null && text.includes(v.text);
    case 'doesNotContain':
      return v.kind === 'text' && text !== null && !text.includes(v.text);
    case 'oneOf':
      return v.kind === 'texts' && text !== null && v.texts.includes(text);
    case 'notOneOf':
      return v.kind === 'texts' && text !== null && !v.texts.includes(text);
    // Tags compare without case here, as Actual's rules do (the text is already lowered).
    case 'hasTags':
      return v.kind === 'tags' && v.tags.every((t) => hasTag(text, t.toLowerCase()));
    case 'hasAnyTag':
      return v.kind === 'tags' && v.tags.some((t) => hasTag(text, t.toLowerCase()));
    case 'doesNotHaveTags':
      return v.kind === 'tags' && !v.tags.some((t) => hasTag(text, t.toLowerCase()));
    default:
      return false;
  }
}

function evalId(cond: CompiledCondition, raw: unknown, ctx: EvalContext | undefined): boolean {
  const id = typeof raw === 'string' ? raw : null;
  const v = cond.value;
  switch (cond.op) {
    case 'is':
      return v.kind === 'id' && id === v.id;
    case 'isNot':
      return v.kind === 'id' && id !== v.id;
    case 'oneOf':
      return v.kind === 'ids' && id !== null && v.ids.includes(id);
    case 'notOneOf':
      return v.kind === 'ids' && id !== null && !v.ids.includes(id);
    case 'contains':
    case 'doesNotContain': {
      if (v.kind !== 'text' || id === null) return false;
      const name = ctx?.nameOf?.(cond.field as IdField, id);
      // Without a name there is nothing to compare, in either direction.
      if (name == null) return false;
      return name.toLowerCase().includes(v.text) === (cond.op === 'contains');
    }
    default:
      return false;
  }
}

function evalDate(cond: CompiledCondition, raw: unknown, memo: DayMemo | undefined): boolean {
  if (typeof raw !== 'string') return false;
  const v = cond.value;
  if (v.kind === 'recur') {
    const day = dayOf(raw, memo);
    if (day === null) return false;
    if (cond.op === 'is') return v.recurrence.occursOn(day);
    if (cond.op === 'isapprox') return v.recurrence.occursWithin(day, APPROX_DATE_DAYS);
    return false;
  }
  if (v.kind !== 'day' && v.kind !== 'month' && v.kind !== 'year') return false;
  switch (cond.op) {
    case 'is':
      if (v.kind === 'month') return raw.slice(0, 7) === v.date;
      if (v.kind === 'year') return raw.slice(0, 4) === v.date;
      return raw === v.date;
    case 'isapprox': {
      const day = dayOf(raw, memo);
      return v.kind === 'day' && day !== null && Math.abs(day - v.day) <= APPROX_DATE_DAYS;
    }
    case 'gt':
      return raw > v.date;
    case 'gte':
      return raw >= v.date;
    case 'lt':
      return raw < v.date;
    case 'lte':
      return raw <= v.date;
    default:
      return false;
  }
}

function evalNumber(cond: CompiledCondition, raw: unknown): boolean {
  if (typeof raw !== 'number') return false;
  let amount = raw;
  // Inflow/outflow restrict the sign; an outflow compares its magnitude.
  if (cond.options?.outflow) {
    if (amount > 0) return false;
    amount = -amount;
  } else if (cond.options?.inflow && amount < 0) {
    return false;
  }
  const v = cond.value;
  if (cond.op === 'isbetween') return v.kind === 'between' && amount >= v.low && amount <= v.high;
  if (v.kind !== 'number') return false;
  const n = v.number;
  switch (cond.op) {
    case 'is':
      return amount === n;
    case 'isapprox':
      return amount >= v.approxLow && amount <= v.approxHigh;
    case 'gt':
      return amount > n;
    case 'gte':
      return amount >= n;
    case 'lt':
      return amount < n;
    case 'lte':
      return amount <= n;
    default:
      return false;
  }
}

/** Evaluates one condition against a transaction (public field names). */
export function evalCondition(
  cond: CompiledCondition,
  transaction: object,
  ctx?: EvalContext,
  memo?: DayMemo,
): boolean {
  const raw = (transaction as Record<string, unknown>)[cond.field];
  // A field the transaction does not carry at all never matches.
  if (raw === undefined) return false;
  switch (cond.type) {
    case 'string':
      return evalString(cond, raw, memo);
    case 'id':
      return evalId(cond, raw, ctx);
    case 'date':
      return evalDate(cond, raw, memo);
    case 'number':
      return evalNumber(cond, raw);
    case 'boolean': {
      const flag = raw === 1 ? true : raw === 0 ? false : raw;
      return cond.value.kind === 'boolean' && flag === cond.value.value;
    }
  }
}

/**
 * What one of a rule's conditions admits, checkable with a set lookup: the ids an `is`/`oneOf`
 * on an id field takes, or the lower-cased texts one on a text field takes. Every condition of
 * an `and` rule must hold, so a transaction the gate refuses cannot match the rule, and
 * `gateAdmits` answers exactly what `evalCondition` would for that condition. A run asks it
 * before the rule's full evaluation: a budget's rules are mostly "payee is X" (the learnt
 * categories are), and every one of them was evaluated in full for every imported row.
 */
export interface RuleGate {
  field: string;
  /** A text field: the transaction's value is lower-cased first, as `evalString` does. */
  lower: boolean;
  values: ReadonlySet<string | null>;
}

/** The rule's gate (the first `is`/`oneOf` condition on an id field, else on a text field). */
export function gateOf(rule: CompiledRule): RuleGate | null {
  if (rule.conditions.length === 0) return null;
  if (rule.conditionsOp === 'or' && rule.conditions.length > 1) return null;
  let text: RuleGate | null = null;
  for (const cond of rule.conditions) {
    const v = cond.value;
    if (cond.type === 'id') {
      if (cond.op === 'is' && v.kind === 'id') {
        return { field: cond.field, lower: false, values: new Set([v.id]) };
      }
      // `oneOf` never takes a missing id (evalId's `id !== null`): the set holds only ids.
      if (cond.op === 'oneOf' && v.kind === 'ids') {
        return { field: cond.field, lower: false, values: new Set(v.ids.filter(isText)) };
      }
    } else if (cond.type === 'string' && text === null) {
      if (cond.op === 'is' && v.kind === 'text') {
        text = { field: cond.field, lower: true, values: new Set([v.text]) };
      } else if (cond.op === 'oneOf' && v.kind === 'texts') {
        text = { field: cond.field, lower: true, values: new Set(v.texts.filter(isText)) };
      }
    }
  }
  return text;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** Whether the gate's condition holds for the transaction (see `RuleGate`). */
export function gateAdmits(gate: RuleGate, transaction: object, memo?: DayMemo): boolean {
  const raw = (transaction as Record<string, unknown>)[gate.field];
  if (raw === undefined) return false;
  if (typeof raw !== 'string') return !gate.lower && gate.values.has(null);
  return gate.values.has(gate.lower ? lowerOf(raw, memo) : raw);
}

/** `and` needs every condition, `or` some; a rule without conditions never matches. */
export function ruleMatches(
  rule: CompiledRule,
  transaction: object,
  ctx?: EvalContext,
  memo?: DayMemo,
): boolean {
  const { conditions } = rule;
  if (conditions.length === 0) return false;
  const any = rule.conditionsOp === 'or';
  for (const cond of conditions) {
    if (evalCondition(cond, transaction, ctx, memo) === any) return any;
  }
  return !any;
}

/** The fields the actions set: `set` writes its field, `link-schedule` the `schedule` field. */
export function actionChanges(actions: readonly CompiledAction[]): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  writeActions(actions, changes);
  return changes;
}

/** Sets the actions' fields on `target` itself. */
export function writeActions(
  actions: readonly CompiledAction[],
  target: Record<string, unknown>,
): void {
  for (const action of actions) {
    if (action.op === 'set') target[action.field] = action.value;
    else target.schedule = action.value;
  }
}

/** Applies actions to a copy of the transaction. */
export function applyActions<T extends object>(
  actions: readonly CompiledAction[],
  transaction: T,
): T {
  const out = { ...transaction };
  writeActions(actions, out as Record<string, unknown>);
  return out;
}

/** Runs one rule: the transaction with the rule's changes when it matches, else unchanged. */
export function applyRule<T extends object>(
  rule: CompiledRule,
  transaction: T,
  ctx?: EvalContext,
): T {
  return ruleMatches(rule, transaction, ctx)
    ? applyActions(rule.actions, transaction)
    : transaction;
}

/**
 * Applies a rule to a working copy in place (the copy belongs to the caller's run), which
 * saves a copy per matching rule when thousands of transactions are imported.
 */
export function applyRuleInPlace(
  rule: CompiledRule,
  working: object,
  ctx?: EvalContext,
  memo?: DayMemo,
): void {
  if (ruleMatches(rule, working, ctx, memo)) {
    writeActions(rule.actions, working as Record<string, unknown>);
  }
}

/**
 * Runs rules in the given (ranked) order, each one seeing the output of the previous one, so
 * the last matching rule that sets a field wins. The input is not modified.
 */
export function runRuleList<T extends object>(
  rules: readonly CompiledRule[],
  transaction: T,
  ctx?: EvalContext,
): T {
  const out: T = { ...transaction };
  const memo = newDayMemo();
  for (const rule of rules) applyRuleInPlace(rule, out, ctx, memo);
  return out;
}
