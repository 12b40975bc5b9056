import type { Budget } from '../budget-file/budget.ts';
import {
  type CompiledRule,
  type Rule,
  type RuleRow,
  compileRule,
  getRulesForPayee,
  rankRules,
  ruleFromRow,
  toPublicRule,
} from '../rules/index.ts';

/** The budget's valid rules, compiled with ids resolved through payee and category merges. */
export function loadRules(budget: Budget): CompiledRule[] {
  const payees = new Map(
    budget.sqlite
      .all<{ id: string; targetId: string }>('SELECT id, targetId FROM payee_mapping')
      .map((r) => [r.id, r.targetId]),
  );
  const categories = new Map(
    budget.sqlite
      .all<{ id: string; transferId: string }>('SELECT id, transferId FROM category_mapping')
      .map((r) => [r.id, r.transferId]),
  );
  const resolve = (id: string) => payees.get(id) ?? categories.get(id) ?? id;
  const rows = budget.sqlite.all<RuleRow>(
    'SELECT id, stage, conditions, actions, conditions_op, tombstone FROM rules WHERE tombstone = 0',
  );
  const compiled: CompiledRule[] = [];
  for (const row of rows) {
    const rule = ruleFromRow(row);
    if (!rule) continue;
    const result = compileRule(rule, resolve);
    if (result.ok) compiled.push(result.rule);
  }
  return rankRules(compiled);
}

/** Rules that mention a payee (in a payee condition or a payee-setting action), in run order. */
export function rulesForPayee(budget: Budget, payeeId: string): Rule[] {
  return getRulesForPayee(loadRules(budget), payeeId).map(toPublicRule);
}

/** For each payee, how many rules mention it (each rule counts once per payee). */
export function ruleCounts(budget: Budget): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const rule of loadRules(budget)) {
    const ids = new Set<string>();
    for (const c of rule.conditions) {
      if (c.field !== 'payee') continue;
      if (c.value.kind === 'id' && c.value.id) ids.add(c.value.id);
      if (c.value.kind === 'ids') for (const id of c.value.ids) ids.add(id);
    }
    for (const a of rule.actions) {
      if (a.op === 'set' && a.field === 'payee' && typeof a.value === 'string') ids.add(a.value);
    }
    for (const id of ids) counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}
