import type { Month } from '@coffer/core/ui';
import { type CustomRow, scopeAccounts } from './custom.ts';
import type { ReportSettings } from './custom-settings.ts';
import type { MonthSpan } from './range.ts';
import {
  amountSign,
  type FilterCondition,
  idIs,
  idOneOf,
  monthCondition,
  notTransfers,
  spanConditions,
  tagCondition,
} from './register-filter.ts';
import { type BudgetMeta, transferPayeesOf } from './source.ts';

/**
 * The register's filter for one figure of a custom report: its row (and month), the report's
 * range, measure and options, and its own conditions when they are all required. (Conditions
 * any of which may match cannot sit beside the others in the register's one filter; the
 * register then shows the row's transactions without them.) Grouped by tag, `tags` are the
 * report's tags: the '(no tag)' row opens the transactions that hold none of them.
 */
export function customTarget(
  s: ReportSettings,
  span: MonthSpan,
  meta: BudgetMeta,
  row: CustomRow,
  month?: Month,
  tags: readonly string[] = [],
): { accounts: string[]; conditions: FilterCondition[] } {
  let accounts = scopeAccounts(meta, s.showOffBudget);
  const transferPayees = transferPayeesOf(meta, accounts);
  const conditions: FilterCondition[] = [];
  const when = month ?? (s.groupBy === 'Interval' ? row.key : null);
  conditions.push(...(when ? [monthCondition(when)] : spanConditions(span)));
  switch (s.groupBy) {
    case 'Category':
      conditions.push(idIs('category', row.key));
      break;
    case 'Group': {
      const group = meta.groups.find((g) => g.id === row.key);
      conditions.push(
        group
          ? idOneOf(
              'category',
              group.categories.map((c) => c.id),
            )
          : idIs('category', null),
      );
      break;
    }
    case 'Payee':
      conditions.push(idIs('payee', row.key));
      break;
    case 'Account':
      if (row.key) accounts = [row.key];
      break;
    case 'Tag': {
      const named = row.key ? [row.key] : tags;
      if (named.length > 0) conditions.push(tagCondition(row.key ? 'has' : 'none', named));
      break;
    }
    case 'Interval':
      break;
  }
  if (s.balanceType === 'Payment') conditions.push(amountSign('out'));
  if (s.balanceType === 'Deposit') conditions.push(amountSign('in'));
  if (s.groupBy !== 'Payee') conditions.push(...notTransfers(transferPayees));
  if (!s.showUncategorized && s.groupBy !== 'Category' && s.groupBy !== 'Group') {
    conditions.push({ field: 'category', op: 'isNot', value: null, type: 'id' });
  }
  if (s.conditionsOp === 'and' || s.conditions.length === 1) conditions.push(...s.conditions);
  return { accounts, conditions };
}
