import type { Budget } from '../budget-file/budget.ts';
import { type HandlerError, handlerError } from '../handlers-core/errors.ts';
import { getCategory, getGroup, mustTransfer } from './queries.ts';

export type CategoryErrorType =
  | 'category-not-found'
  | 'group-not-found'
  | 'category-type'
  | 'category-transfer-required'
  | 'category-exists'
  | 'invalid-name';

/** The spec's text for deleting into a category of the other kind. */
export const CATEGORY_TYPE_MESSAGE =
  'A category must be transferred to another of the same type (expense or income)';

export const categoryNotFound = (id: string): HandlerError<CategoryErrorType> =>
  handlerError('category-not-found', `No category with id ${id}`);

const BUDGET_TABLES = ['zero_budgets', 'reflect_budgets'] as const;

/**
 * Add every month's budgeted amounts of `fromIds` onto `toId` (in both budget types' tables),
 * as Actual does when categories are deleted into another. Rows are found by (month, category);
 * a new row gets the id `YYYYMM-<category>`.
 */
export function transferBudgets(budget: Budget, fromIds: readonly string[], toId: string): void {
  if (fromIds.length === 0) return;
  const db = budget.db;
  const marks = fromIds.map(() => '?').join(',');
  for (const table of BUDGET_TABLES) {
    const moved = budget.sqlite.all<{ month: number; amount: number }>(
      `SELECT month, SUM(amount) AS amount FROM ${table}
       WHERE category IN (${marks}) AND amount != 0 GROUP BY month`,
      fromIds,
    );
    for (const { month, amount } of moved) {
      const existing = budget.sqlite.first<{ id: string; amount: number | null }>(
        `SELECT id, amount FROM ${table} WHERE month = ? AND category = ? ORDER BY id LIMIT 1`,
        [month, toId],
      );
      if (existing) {
        db.update(table, { id: existing.id, amount: Number(existing.amount ?? 0) + amount });
      } else {
        db.insert(table, { id: `${month}-${toId}`, month, category: toId, amount });
      }
    }
  }
}

/** Point the category (and everything merged into it before) at `transferId`. */
function remap(budget: Budget, id: string, transferId: string): void {
  const db = budget.db;
  const pointing = budget.sqlite.all<{ id: string }>(
    'SELECT id FROM category_mapping WHERE transferId = ?',
    [id],
  );
  for (const m of pointing) db.update('category_mapping', { id: m.id, transferId });
  db.update('category_mapping', { id, transferId });
}

/** Point the category at `transferId` (if any), then delete it. */
function deleteOne(budget: Budget, id: string, transferId: string | null): void {
  if (transferId) remap(budget, id, transferId);
  budget.db.delete('categories', id);
}

/**
 * Which checks a delete makes. The form's (the default) are the spec's: a category in use needs
 * a replacement of the same kind. A script's (`@actual-app/api`) are Actual's: a category in use
 * may go without a replacement (its transactions keep pointing at it, as in Actual), a group's
 * replacement may be of either kind, and a replacement that is itself being deleted counts as
 * none (Actual maps onto it all the same, which reads as no replacement).
 */
export interface DeleteRules {
  requireTransfer: boolean;
  groupSameKind: boolean;
  selfAsNone: boolean;
}

export const FORM_RULES: DeleteRules = {
  requireTransfer: true,
  groupSameKind: true,
  selfAsNone: false,
};
export const API_RULES: DeleteRules = {
  requireTransfer: false,
  groupSameKind: false,
  selfAsNone: true,
};

function checkTransfer(
  budget: Budget,
  transferId: string | null | undefined,
  isIncome: number | null,
  excluded: ReadonlySet<string>,
): HandlerError<CategoryErrorType> | null {
  if (!transferId) return null;
  const target = getCategory(budget, transferId);
  if (!target || excluded.has(transferId)) return categoryNotFound(transferId);
  if (isIncome !== null && target.is_income !== isIncome) {
    return handlerError('category-type', CATEGORY_TYPE_MESSAGE);
  }
  return null;
}

/**
 * `category-delete`: a category that has transactions or budgeted amounts needs a replacement
 * of the same kind (under the form's rules); its transactions then read as the replacement
 * (through category_mapping) and its expense budgets are added to the replacement's.
 */
export function deleteCategory(
  budget: Budget,
  id: string,
  transferId: string | null | undefined,
  rules: DeleteRules = FORM_RULES,
): HandlerError<CategoryErrorType> | null {
  const category = getCategory(budget, id);
  if (!category) return categoryNotFound(id);
  if (rules.selfAsNone && transferId === id) transferId = null;
  const problem = checkTransfer(budget, transferId, category.is_income, new Set([id]));
  if (problem) return problem;
  if (rules.requireTransfer && !transferId && mustTransfer(budget, id)) {
    return handlerError('category-transfer-required', 'You must select a category');
  }
  budget.db.batch(() => {
    if (transferId && category.is_income === 0) transferBudgets(budget, [id], transferId);
    deleteOne(budget, id, transferId ?? null);
  });
  return null;
}

/** `category-group-delete`: every category of the group goes to `transferId`. */
export function deleteGroup(
  budget: Budget,
  id: string,
  transferId: string | null | undefined,
  rules: DeleteRules = FORM_RULES,
): HandlerError<CategoryErrorType> | null {
  const group = getGroup(budget, id);
  if (!group) return handlerError('group-not-found', `No category group with id ${id}`);
  const members = budget.sqlite
    .all<{ id: string }>('SELECT id FROM categories WHERE cat_group = ? AND tombstone = 0', [id])
    .map((c) => c.id);
  if (rules.selfAsNone && transferId && members.includes(transferId)) transferId = null;
  const kind = rules.groupSameKind ? group.is_income : null;
  const problem = checkTransfer(budget, transferId, kind, new Set(members));
  if (problem) return problem;
  if (rules.requireTransfer && !transferId && members.some((c) => mustTransfer(budget, c))) {
    return handlerError('category-transfer-required', 'You must select a category');
  }
  budget.db.batch(() => {
    if (transferId) {
      transferBudgets(budget, members, transferId);
      // As Actual does: the group's categories deleted earlier (without a replacement, say)
      // are pointed at this one too, so their rows read as it from now on.
      const earlier = budget.sqlite.all<{ id: string }>(
        'SELECT id FROM categories WHERE cat_group = ? AND tombstone = 1',
        [id],
      );
      for (const c of earlier) remap(budget, c.id, transferId);
    }
    for (const c of members) deleteOne(budget, c, transferId ?? null);
    budget.db.delete('category_groups', id);
  });
  return null;
}
