import type { Budget } from '../budget-file/budget.ts';
import {
  type NewRule,
  type Rule,
  type RuleWrite,
  compileRule,
  rulePatchToRow,
  ruleToRow,
  toStoredRule,
} from '../rules/index.ts';

/**
 * The rule as it is stored: conditions and actions reduced to their fields (field, op, value,
 * type, options), so editor leftovers never reach the budget file. A rule that does not
 * compile is stored as given (callers validate first; this only happens for schedules'
 * repair rules).
 */
function normalized(rule: Rule): Rule {
  const compiled = compileRule(rule);
  return compiled.ok ? toStoredRule(compiled.rule) : rule;
}

/** Writes a new rule; returns its id. */
export function insertRule(budget: Budget, rule: NewRule): string {
  const id = rule.id ?? budget.env.platform.random.uuid();
  const full: Rule = {
    ...rule,
    id,
    stage: rule.stage ?? null,
    conditionsOp: rule.conditionsOp ?? 'and',
  };
  budget.db.insert('rules', { ...ruleToRow(normalized(full)), tombstone: 0 });
  return id;
}

/** Writes the given parts of a rule (`rule-update` may send only some of them). */
export function updateRule(budget: Budget, patch: Partial<NewRule> & { id: string }): void {
  const row = rulePatchToRow(patch);
  budget.db.update('rules', row);
}

export function applyRuleWrite(budget: Budget, write: RuleWrite): string {
  if (write.kind === 'insert') return insertRule(budget, write.rule);
  updateRule(budget, write.rule);
  return write.rule.id;
}

/** The live schedule a rule belongs to, if any. */
export function scheduleOfRule(budget: Budget, ruleId: string): string | null {
  const row = budget.sqlite.first<{ id: string }>(
    'SELECT id FROM schedules WHERE rule = ? AND tombstone = 0',
    [ruleId],
  );
  return row?.id ?? null;
}

/**
 * Deletes a rule unless a schedule uses it (a schedule's rule holds the schedule's
 * definition). Returns false when it was kept for that reason.
 */
export function deleteRule(budget: Budget, id: string): boolean {
  if (scheduleOfRule(budget, id)) return false;
  const alive = budget.sqlite.first('SELECT 1 FROM rules WHERE id = ? AND tombstone = 0', [id]);
  if (alive) budget.db.delete('rules', id);
  return true;
}
