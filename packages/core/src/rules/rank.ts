import type { ConditionOp, RuleStage } from './types.ts';

/** How specific each operator is; rules run from least to most specific. */
export const OP_SCORES: Readonly<Record<ConditionOp, number>> = {
  is: 10,
  isNot: 10,
  oneOf: 9,
  notOneOf: 9,
  isapprox: 5,
  isbetween: 5,
  gt: 1,
  gte: 1,
  lt: 1,
  lte: 1,
  contains: 0,
  doesNotContain: 0,
  hasTags: 0,
  hasAnyTag: 0,
  doesNotHaveTags: 0,
};

const EXACTISH: ReadonlySet<string> = new Set(['is', 'isNot', 'isapprox', 'oneOf', 'notOneOf']);

export interface RankableRule {
  id: string;
  stage: RuleStage | string | undefined;
  conditions: readonly { op: string }[];
}

/** Sum of operator scores, doubled when every condition is an exact-ish operator. */
export function ruleScore(rule: RankableRule): number {
  let score = 0;
  for (const cond of rule.conditions) score += OP_SCORES[cond.op as ConditionOp] ?? 0;
  return rule.conditions.every((c) => EXACTISH.has(c.op)) ? score * 2 : score;
}

function stageOrder(stage: RankableRule['stage']): number {
  return stage === 'pre' ? 0 : stage === 'post' ? 2 : 1;
}

/**
 * Compares two rules in run order: stage (pre, default, post), then ascending score, then id,
 * so the same set of rules always runs in the same order.
 */
export function compareRules(a: RankableRule, b: RankableRule): number {
  return (
    stageOrder(a.stage) - stageOrder(b.stage) ||
    ruleScore(a) - ruleScore(b) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Rules in the order they run. */
export function rankRules<R extends RankableRule>(rules: Iterable<R>): R[] {
  const scored = [...rules].map((rule) => ({
    rule,
    stage: stageOrder(rule.stage),
    score: ruleScore(rule),
  }));
  scored.sort(
    (a, b) =>
      a.stage - b.stage ||
      a.score - b.score ||
      (a.rule.id < b.rule.id ? -1 : a.rule.id > b.rule.id ? 1 : 0),
  );
  return scored.map((s) => s.rule);
}
