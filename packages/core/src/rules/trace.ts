import { evalCondition, newDayMemo } from './evaluate.ts';
import { toPublicRule } from './serialize.ts';
import type { CompiledRule, EvalContext, Rule } from './types.ts';

/** One field a rule's action wrote: the value it found and the value it left. */
export interface TraceChange {
  /** The transaction field (`schedule` for a link-schedule action). */
  field: string;
  from: unknown;
  to: unknown;
}

/** One rule as it met the transaction, at its place in the run. */
export interface TraceStep {
  rule: Rule;
  /** Each condition's answer, in the rule's order, against the transaction as it was then. */
  conditions: boolean[];
  /** What the rule wrote, in action order (empty for a rule that did not run). */
  changes: TraceChange[];
}

export interface RuleTrace<T> {
  /** The rules that matched and ran, in run order: each saw what the one before left. */
  ran: TraceStep[];
  /**
   * `and` rules that met some of their conditions but not all, for "why did my rule not run?":
   * the `nearMissLimit` that met the largest share of their conditions, in run order.
   */
  nearMisses: TraceStep[];
  /** The transaction after every rule ran. */
  result: T;
}

const NEAR_MISS_LIMIT = 10;

/**
 * Runs ranked rules on a transaction as `RuleIndex.run` does (each rule sees the output of the
 * one before, the last to set a field wins) and records each rule that ran, what each of its
 * conditions answered and what it changed. Rules that almost ran are kept too.
 */
export function traceRules<T extends object>(
  rules: readonly CompiledRule[],
  transaction: T,
  ctx?: EvalContext,
  nearMissLimit = NEAR_MISS_LIMIT,
): RuleTrace<T> {
  const working = { ...transaction } as Record<string, unknown>;
  const memo = newDayMemo();
  const ran: TraceStep[] = [];
  const near: Array<{ step: TraceStep; met: number; order: number }> = [];
  rules.forEach((rule, order) => {
    const conditions = rule.conditions.map((c) => evalCondition(c, working, ctx, memo));
    const met = conditions.filter(Boolean).length;
    const any = rule.conditionsOp === 'or';
    const matched = conditions.length > 0 && (any ? met > 0 : met === conditions.length);
    if (!matched) {
      if (!any && met > 0) near.push({ step: stepOf(rule, conditions, []), met, order });
      return;
    }
    const changes: TraceChange[] = [];
    for (const action of rule.actions) {
      const field = action.op === 'set' ? action.field : 'schedule';
      changes.push({ field, from: working[field] ?? null, to: action.value });
      working[field] = action.value;
    }
    ran.push(stepOf(rule, conditions, changes));
  });
  const nearMisses = near
    .sort((a, b) => b.met / b.step.conditions.length - a.met / a.step.conditions.length)
    .slice(0, nearMissLimit)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.step);
  return { ran, nearMisses, result: working as T };
}

function stepOf(rule: CompiledRule, conditions: boolean[], changes: TraceChange[]): TraceStep {
  return { rule: toPublicRule(rule), conditions, changes };
}
