import { APPROX_DATE_DAYS, parseDay } from '../schedules/recurrence/index.ts';
import type {
  CompiledAction,
  CompiledCondition,
  CompiledRule,
  CompiledValue,
  EvalContext,
  IdField,
} from './types.ts';

/** An approximate amount matches within 7.5% of its magnitude, rounded to whole cents. */
export function approxThreshold(amount: number): number {
  return Math.round(Math.abs(amount) * 0.075);
}

function evalString(cond: CompiledCondition, raw: unknown): boolean {
  const text = typeof raw === 'string' ? raw.toLowerCase() : null;
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

function evalDate(cond: CompiledCondition, raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  const v = cond.value;
  if (v.kind === 'recur') {
    const day = parseDay(raw);
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
      const day = parseDay(raw);
      const target = parseDay(v.date);
      return day !== null && target !== null && Math.abs(day - target) <= APPROX_DATE_DAYS;
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

function literal(v: CompiledValue): number | null {
  return v.kind === 'number' ? v.number : null;
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
  const n = literal(v);
  if (n === null) return false;
  switch (cond.op) {
    case 'is':
      return amount === n;
    case 'isapprox': {
      const threshold = approxThreshold(n);
      return amount >= n - threshold && amount <= n + threshold;
    }
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
): boolean {
  const raw = (transaction as Record<string, unknown>)[cond.field];
  // A field the transaction does not carry at all never matches.
  if (raw === undefined) return false;
  switch (cond.type) {
    case 'string':
      return evalString(cond, raw);
    case 'id':
      return evalId(cond, raw, ctx);
    case 'date':
      return evalDate(cond, raw);
    case 'number':
      return evalNumber(cond, raw);
    case 'boolean': {
      const flag = raw === 1 ? true : raw === 0 ? false : raw;
      return cond.value.kind === 'boolean' && flag === cond.value.value;
    }
  }
}

/** `and` needs every condition, `or` some; a rule without conditions never matches. */
export function ruleMatches(rule: CompiledRule, transaction: object, ctx?: EvalContext): boolean {
  if (rule.conditions.length === 0) return false;
  return rule.conditionsOp === 'or'
    ? rule.conditions.some((c) => evalCondition(c, transaction, ctx))
    : rule.conditions.every((c) => evalCondition(c, transaction, ctx));
}

/** The fields the actions set: `set` writes its field, `link-schedule` the `schedule` field. */
export function actionChanges(actions: readonly CompiledAction[]): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const action of actions) {
    if (action.op === 'set') changes[action.field] = action.value;
    else changes.schedule = action.value;
  }
  return changes;
}

/** Applies actions to a copy of the transaction. */
export function applyActions<T extends object>(
  actions: readonly CompiledAction[],
  transaction: T,
): T {
  return { ...transaction, ...actionChanges(actions) };
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
 * Runs rules in the given (ranked) order, each one seeing the output of the previous one, so
 * the last matching rule that sets a field wins.
 */
export function runRuleList<T extends object>(
  rules: readonly CompiledRule[],
  transaction: T,
  ctx?: EvalContext,
): T {
  let out: T = { ...transaction };
  for (const rule of rules) out = applyRule(rule, out, ctx);
  return out;
}
