import {
  fromDbMonth,
  type Month,
  monthRange,
  q,
  type QueryState,
  type ReportBalanceType,
  type ReportGroupBy,
  monthTitle,
  type Query,
} from '@coffer/core/ui';
import { dateFilter, type MonthSpan } from './range.ts';
import {
  type BudgetedMonthsRunner,
  type BudgetMeta,
  categoryIndex,
  isOffBudget,
  notTransfersAmong,
  type QueryRunner,
  type TagSumsRunner,
  transferPayeesOf,
} from './source.ts';

export interface CustomParams extends MonthSpan {
  groupBy: ReportGroupBy;
  balanceType: ReportBalanceType;
  /** `time` splits every row by month (line charts, the table's month columns). */
  mode: 'total' | 'time';
  /** Query filters made from the report's conditions (`make-filters-from-conditions`). */
  filters: readonly unknown[];
  conditionsOp: 'and' | 'or';
  showOffBudget: boolean;
  showHidden: boolean;
  showUncategorized: boolean;
  showEmpty: boolean;
  budgetType: 'rollover' | 'report';
}

export interface CustomRow {
  /** The category, group, payee or account id, the month, or null (none). */
  key: string | null;
  label: string;
  total: number;
  /** By month of `months`, in time mode. */
  byMonth: number[];
}

export interface CustomData {
  rows: CustomRow[];
  months: Month[];
  total: number;
  totalsByMonth: number[];
  /**
   * Grouped by tag: how many transactions hold two tags or more. Each counts in all its tags'
   * rows, so the rows add up to more than `total` (which counts every transaction once).
   */
  multiTagged?: number;
}

/** Which groupings a measure can have: budgets have no payee or account. */
export function groupingsFor(balanceType: ReportBalanceType): ReportGroupBy[] {
  return balanceType === 'Budgeted'
    ? ['Category', 'Group', 'Interval']
    : ['Category', 'Group', 'Payee', 'Account', 'Tag', 'Interval'];
}

const NO_KEY_LABEL: Record<ReportGroupBy, string> = {
  Category: 'Uncategorized',
  Group: 'Uncategorized',
  Payee: 'No payee',
  Account: 'No account',
  Interval: '',
  Tag: '(no tag)',
};

interface KeySum {
  key: string | number | null;
  month?: Month | number;
  amount: number;
}

function hiddenCategoryIds(meta: BudgetMeta): string[] {
  return meta.groups.flatMap((g) =>
    g.categories.filter((c) => g.hidden || c.hidden).map((c) => c.id),
  );
}

/** The accounts in the report's reach: on budget, or all of them. */
export function scopeAccounts(meta: BudgetMeta, showOffBudget: boolean): string[] {
  return meta.accounts.filter((a) => showOffBudget || !isOffBudget(a)).map((a) => a.id);
}

/** The transactions the measure looks at (the range, the accounts, the measure, the filters). */
function transactionsFilter(p: CustomParams, meta: BudgetMeta): Query {
  const accounts = scopeAccounts(meta, p.showOffBudget);
  // Hidden categories are rows a report may leave out; grouped another way, all money counts.
  const byCategory = p.groupBy === 'Category' || p.groupBy === 'Group';
  const hidden = p.showHidden || !byCategory ? [] : hiddenCategoryIds(meta);
  const category: unknown[] = [
    ...(p.showUncategorized ? [] : [{ $ne: null }]),
    ...hidden.map((id) => ({ $ne: id })),
  ];
  let query = q('transactions')
    .filter({
      account: { $oneof: accounts },
      date: dateFilter(p),
      ...notTransfersAmong(transferPayeesOf(meta, accounts)),
    })
    .withoutValidatedRefs();
  if (category.length > 0) query = query.filter({ category });
  if (p.balanceType === 'Payment') query = query.filter({ amount: { $lt: 0 } });
  if (p.balanceType === 'Deposit') query = query.filter({ amount: { $gt: 0 } });
  if (p.filters.length > 0) {
    query = query.filter({ [p.conditionsOp === 'or' ? '$or' : '$and']: [...p.filters] });
  }
  return query;
}

/** The grouped sums of transactions the measure looks at. */
export function transactionsQuery(p: CustomParams, meta: BudgetMeta): QueryState {
  const query = transactionsFilter(p, meta);
  const key =
    p.groupBy === 'Interval'
      ? { $month: '$date' }
      : p.groupBy === 'Account'
        ? '$account'
        : p.groupBy === 'Payee'
          ? '$payee'
          : '$category';
  const keys: unknown[] = [key];
  const select: unknown[] = [{ key }, { amount: { $sum: '$amount' } }];
  if (p.mode === 'time' && p.groupBy !== 'Interval') {
    keys.push({ $month: '$date' });
    select.push({ month: { $month: '$date' } });
  }
  return query.groupBy(keys).select(select).orderBy(keys).serialize();
}

/**
 * The budgeted amounts, grouped as the report asks: the budget sheet's cells (the core's
 * `budgeted-sums` by month), so the report shows what the budget page shows.
 */
async function budgetedSums(
  budgeted: BudgetedMonthsRunner,
  p: CustomParams,
  meta: BudgetMeta,
): Promise<KeySum[]> {
  const hidden = new Set(p.showHidden ? [] : hiddenCategoryIds(meta));
  const categories = meta.groups
    .flatMap((g) => g.categories.map((c) => c.id))
    .filter((id) => !hidden.has(id));
  const cells = await budgeted({ start: p.start, end: p.end }, categories);
  if (p.groupBy === 'Interval') return cells.map((c) => ({ key: c.month, amount: c.amount }));
  if (p.mode === 'time')
    return cells.map((c) => ({ key: c.category, month: c.month, amount: c.amount }));
  return cells.map((c) => ({ key: c.category, amount: c.amount }));
}

function monthOf(value: Month | number | undefined): Month | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'number' ? fromDbMonth(value) : value;
}

interface Row {
  key: string | null;
  label: string;
  order: number;
  total: number;
  byMonth: number[];
}

/** Turns grouped sums into the report's rows, in the order a person expects for the grouping. */
export function shapeCustom(
  p: CustomParams,
  meta: BudgetMeta,
  sums: readonly KeySum[],
): CustomData {
  const months = monthRange(p.start, p.end);
  const monthIndex = new Map(months.map((m, i) => [m, i]));
  const sign = p.balanceType === 'Payment' ? -1 : 1;
  const categories = categoryIndex(meta.groups);
  const groupOrder = new Map(meta.groups.map((g, i) => [g.id, i]));
  const categoryOrder = new Map(
    meta.groups.flatMap((g, gi) => g.categories.map((c, ci) => [c.id, gi * 10000 + ci] as const)),
  );
  // As the sidebar lists them: on budget, then off budget.
  const accountOrder = new Map(
    meta.accounts.map((a, i) => [a.id, (isOffBudget(a) ? meta.accounts.length : 0) + i]),
  );
  const payeeName = new Map(
    meta.payees.map((p) => {
      const account = p.transfer_acct && meta.accounts.find((a) => a.id === p.transfer_acct);
      return [p.id, account ? `Transfer: ${account.name}` : p.name] as const;
    }),
  );

  const describe = (
    raw: string | number | null,
  ): { key: string | null; label: string; order: number } => {
    const id = raw === null ? null : String(raw);
    switch (p.groupBy) {
      case 'Interval': {
        const m = monthOf(raw ?? undefined) ?? '';
        return { key: m, label: monthTitle(m), order: monthIndex.get(m) ?? 0 };
      }
      case 'Category': {
        const c = id ? categories.get(id) : undefined;
        return c
          ? { key: c.id, label: c.name, order: categoryOrder.get(c.id) ?? 0 }
          : { key: null, label: NO_KEY_LABEL.Category, order: Number.MAX_SAFE_INTEGER };
      }
      case 'Group': {
        const c = id ? categories.get(id) : undefined;
        const g = c && meta.groups.find((x) => x.id === c.cat_group);
        return g
          ? { key: g.id, label: g.name, order: groupOrder.get(g.id) ?? 0 }
          : { key: null, label: NO_KEY_LABEL.Group, order: Number.MAX_SAFE_INTEGER };
      }
      case 'Account': {
        const a = id ? meta.accounts.find((x) => x.id === id) : undefined;
        return a
          ? { key: a.id, label: a.name, order: accountOrder.get(a.id) ?? 0 }
          : { key: null, label: NO_KEY_LABEL.Account, order: Number.MAX_SAFE_INTEGER };
      }
      case 'Tag':
        return id
          ? { key: id, label: `#${id}`, order: 0 }
          : { key: null, label: NO_KEY_LABEL.Tag, order: Number.MAX_SAFE_INTEGER };
      case 'Payee': {
        const name = id ? payeeName.get(id) : undefined;
        return name !== undefined
          ? { key: id, label: name, order: 0 }
          : { key: null, label: NO_KEY_LABEL.Payee, order: Number.MAX_SAFE_INTEGER };
      }
    }
  };

  const rows = new Map<string, Row>();
  const rowFor = (raw: string | number | null): Row => {
    const d = describe(raw);
    const id = d.key ?? '';
    let row = rows.get(id);
    if (!row) {
      row = { ...d, total: 0, byMonth: new Array<number>(months.length).fill(0) };
      rows.set(id, row);
    }
    return row;
  };

  // The months' totals are summed here, not over every row and month afterwards: 1,000 payees
  // over 20 years made that 240,000 additions, most of a report's time.
  const totalsByMonth = new Array<number>(months.length).fill(0);
  for (const s of sums) {
    const row = rowFor(s.key);
    const amount = sign * s.amount;
    row.total += amount;
    const m = p.groupBy === 'Interval' ? row.key : monthOf(s.month);
    const i = m ? monthIndex.get(m) : undefined;
    if (i !== undefined) {
      row.byMonth[i]! += amount;
      totalsByMonth[i]! += amount;
    }
  }

  if (p.showEmpty || p.groupBy === 'Interval') {
    const hidden = new Set(p.showHidden ? [] : hiddenCategoryIds(meta));
    const keys: Array<string | null> =
      p.groupBy === 'Interval'
        ? months
        : p.groupBy === 'Category'
          ? [...categories.keys()].filter((id) => !hidden.has(id))
          : p.groupBy === 'Group'
            ? meta.groups.filter((g) => p.showHidden || !g.hidden).map((g) => g.id)
            : p.groupBy === 'Account'
              ? scopeAccounts(meta, p.showOffBudget)
              : [];
    for (const key of keys) {
      if (p.groupBy === 'Group') {
        const g = meta.groups.find((x) => x.id === key);
        if (g && !rows.has(g.id)) {
          rows.set(g.id, {
            key: g.id,
            label: g.name,
            order: groupOrder.get(g.id) ?? 0,
            total: 0,
            byMonth: months.map(() => 0),
          });
        }
      } else if (!rows.has(key ?? '')) {
        rowFor(key);
      }
    }
  }

  const list = [...rows.values()];
  list.sort((a, b) =>
    p.groupBy === 'Payee' || p.groupBy === 'Tag'
      ? a.order - b.order || b.total - a.total || a.label.localeCompare(b.label)
      : a.order - b.order,
  );
  const total = list.reduce((t, r) => t + r.total, 0);
  return {
    rows: list.map(({ key, label, total: t, byMonth }) => ({ key, label, total: t, byMonth })),
    months,
    total,
    totalsByMonth,
  };
}

/**
 * Grouped by tag: the core's sums by tag (a transaction under each of its tags), and the
 * figures' total from the core's own totals, which count every transaction once.
 */
async function loadByTag(
  tagSums: TagSumsRunner,
  meta: BudgetMeta,
  p: CustomParams,
): Promise<CustomData> {
  const answer = await tagSums(transactionsFilter(p, meta).serialize(), p.mode === 'time');
  const data = shapeCustom(p, meta, answer.sums);
  const sign = p.balanceType === 'Payment' ? -1 : 1;
  const monthIndex = new Map(data.months.map((m, i) => [m, i]));
  const totalsByMonth = data.months.map(() => 0);
  let total = 0;
  for (const t of answer.totals) {
    total += sign * t.amount;
    const i = monthIndex.get(monthOf(t.month) ?? '');
    if (i !== undefined) totalsByMonth[i]! += sign * t.amount;
  }
  return { ...data, total, totalsByMonth, multiTagged: answer.multiTagged };
}

export async function loadCustom(
  run: QueryRunner,
  meta: BudgetMeta,
  p: CustomParams,
  tagSums: TagSumsRunner,
  budgeted: BudgetedMonthsRunner,
): Promise<CustomData> {
  if (p.balanceType === 'Budgeted')
    return shapeCustom(p, meta, await budgetedSums(budgeted, p, meta));
  if (p.groupBy === 'Tag') return loadByTag(tagSums, meta, p);
  return shapeCustom(p, meta, await run<KeySum[]>(transactionsQuery(p, meta)));
}

export const OTHER_KEY = '__other';

/**
 * What a chart can show of many rows: all of them up to `max`. Beyond that, the `max - 1`
 * largest (by size, kept in report order) and the rest summed as "Other" — or, with
 * `withOther` false, just the `max` largest, largest first (a bar of "Other" would dwarf them).
 * Months are never merged.
 */
export function chartRows(
  data: CustomData,
  max: number,
  { keepAll = false, withOther = true }: { keepAll?: boolean; withOther?: boolean } = {},
): CustomRow[] {
  if (keepAll || data.rows.length <= max) return data.rows;
  const bySize = [...data.rows].sort((a, b) => Math.abs(b.total) - Math.abs(a.total));
  if (!withOther) return bySize.slice(0, max);
  const largest = new Set(bySize.slice(0, max - 1).map((r) => r.key));
  const shown = data.rows.filter((r) => largest.has(r.key));
  const rest = data.rows.filter((r) => !largest.has(r.key));
  return [
    ...shown,
    {
      key: OTHER_KEY,
      label: `Other (${rest.length})`,
      total: rest.reduce((t, r) => t + r.total, 0),
      byMonth: data.months.map((_, i) => rest.reduce((t, r) => t + r.byMonth[i]!, 0)),
    },
  ];
}
