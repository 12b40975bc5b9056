import type { Budget } from '../budget-file/budget.ts';
import {
  type Rule,
  type RuleRow,
  linkedScheduleId,
  ruleFromRow,
  scheduleJsonPaths,
} from '../rules/index.ts';
import type { Row } from '../sync/types.ts';

const UPSERT = `INSERT OR REPLACE INTO schedules_json_paths (schedule_id, payee, account, amount, date)
  VALUES (?, ?, ?, ?, ?)`;

/** Records where a schedule rule keeps its payee, account, amount and date conditions. */
function writePaths(budget: Budget, rule: Rule): void {
  const scheduleId = linkedScheduleId(rule);
  if (!scheduleId) return;
  const p = scheduleJsonPaths(rule.conditions);
  budget.sqlite.run(UPSERT, [scheduleId, p.payee, p.account, p.amount, p.date]);
}

function ruleOf(row: Row): Rule | null {
  return ruleFromRow(row as unknown as RuleRow);
}

/**
 * Keeps `schedules_json_paths` (a local index, never synced) in step with the schedule rules:
 * rebuilt when the budget opens, then updated for every rule change, local or synced, so
 * `v_schedules` can read each schedule's key conditions with SQL. Returns the unsubscribe.
 */
export function trackJsonPaths(budget: Budget): () => void {
  const rows = budget.sqlite.all<Row>(
    'SELECT id, stage, conditions, actions, conditions_op, tombstone FROM rules WHERE tombstone = 0',
  );
  budget.sqlite.transaction(() => {
    for (const row of rows) {
      const rule = ruleOf(row);
      if (rule) writePaths(budget, rule);
    }
  });
  return budget.db.onChange((event) => {
    for (const change of event.changes.get('rules') ?? []) {
      const rule = change.new ? ruleOf(change.new) : null;
      if (rule) writePaths(budget, rule);
    }
  });
}
