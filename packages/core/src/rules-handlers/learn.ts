import type { Budget } from '../budget-file/budget.ts';
import {
  type CompiledRule,
  type LearnableTransaction,
  learnCategory,
  planCategoryRule,
} from '../rules/index.ts';
import { addDaysTo } from '../recurrence/index.ts';
import { type Transaction, dayOf, toDateInt } from '../transactions/model.ts';
import { applyRuleWrite } from './store.ts';

/** How far around the changed transactions learning looks for the payee's history. */
const WINDOW_DAYS = 180;

/** What learning needs from the budget's rules. */
export interface LearningRules {
  /** The current id of a payee (through merges). */
  payeeTarget(id: string): string;
  /** Every valid rule, in run order. */
  all(): CompiledRule[];
}

interface HistoryRow {
  id: string;
  payee: string;
  category: string | null;
}

/**
 * Category learning (`learnCategories`, set by the UI when the user picks a category): for
 * each payee of the changed transactions, the latest five of that payee's transactions in open
 * accounts (split parents left out) decide; when one category has at least three of them and
 * one of the five was just changed, `payee is P → set category C` is created or corrected.
 */
export function learnCategories(
  budget: Budget,
  rules: LearningRules,
  transactions: readonly Transaction[],
): void {
  const payeeIds = new Set<string>();
  let oldest: string | null = null;
  for (const t of transactions) {
    if (!t.payee) continue;
    payeeIds.add(rules.payeeTarget(t.payee));
    if (oldest === null || t.date < oldest) oldest = t.date;
  }
  if (oldest === null) return;
  const transferPayees = new Set(
    budget.sqlite
      .all<{ id: string }>('SELECT id FROM payees WHERE transfer_acct IS NOT NULL')
      .map((r) => r.id),
  );
  const wanted = [...payeeIds].filter((id) => !transferPayees.has(id));
  if (wanted.length === 0) return;

  const today = dayOf(budget.env.platform.clock.now());
  const rows = budget.sqlite.all<HistoryRow>(
    `SELECT t.id, t.payee, t.category FROM v_transactions_internal_alive t
     JOIN accounts a ON a.id = t.account
     WHERE t.date >= ? AND t.date <= ? AND t.is_parent = 0 AND a.closed = 0
       AND t.payee IN (SELECT value FROM json_each(?))
     ORDER BY t.date DESC, t.starting_balance_flag, t.sort_order DESC, t.id`,
    [
      toDateInt(addDaysTo(oldest, -WINDOW_DAYS)),
      toDateInt(addDaysTo(today, WINDOW_DAYS)),
      JSON.stringify(wanted),
    ],
  );
  const byPayee = new Map<string, LearnableTransaction[]>();
  for (const row of rows) {
    let list = byPayee.get(row.payee);
    if (!list) byPayee.set(row.payee, (list = []));
    list.push(row);
  }

  const changed = new Set(transactions.map((t) => t.id));
  budget.db.batch(() => {
    for (const payee of wanted) {
      const category = learnCategory(byPayee.get(payee) ?? [], changed);
      if (!category) continue;
      for (const write of planCategoryRule(rules.all(), payee, category)) {
        applyRuleWrite(budget, write);
      }
    }
  });
}
