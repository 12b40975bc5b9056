/**
 * Budget actions (the `budget/*` handlers) as pure functions: given the current sheet, the
 * rows to write. Nothing is written when a check fails; the error says why.
 */
import { checkAmount, clamp, type AmountError } from './amounts.ts';
import { isMonth, prevMonth, type Month } from '../calendar/months.ts';
import { cellNumber, type BudgetReader, type BudgetWrite } from './reader.ts';
import { cellNames as N, type CategoryInfo } from './types.ts';

export type BudgetActionError =
  | AmountError
  | { type: 'invalid-month'; month: unknown }
  | { type: 'month-out-of-bounds'; month: Month }
  | { type: 'unknown-category'; category: string }
  | { type: 'invalid-average-length'; n: unknown }
  /** A category must be transferred to another of the same type (expense or income). */
  | { type: 'category-type' };

export type ActionResult<T = undefined> =
  { ok: true; writes: BudgetWrite[]; value: T } | { ok: false; error: BudgetActionError };

/** The pseudo-category standing for "To Budget" in transfers and covers. */
export const TO_BE_BUDGETED = 'to-be-budgeted';

class Failure {
  constructor(readonly error: BudgetActionError) {}
}

function fail(error: BudgetActionError): never {
  throw new Failure(error);
}

/** Runs an action body; a `fail` inside becomes an error result and nothing is written. */
function run<T>(body: () => { writes: BudgetWrite[]; value: T }): ActionResult<T> {
  try {
    const { writes, value } = body();
    return { ok: true, writes, value };
  } catch (err) {
    if (err instanceof Failure) return { ok: false, error: err.error };
    throw err;
  }
}

function writes(list: BudgetWrite[]): { writes: BudgetWrite[]; value: undefined } {
  return { writes: list, value: undefined };
}

function month(r: BudgetReader, m: unknown): Month {
  if (!isMonth(m)) fail({ type: 'invalid-month', month: m });
  if (!r.hasMonth(m)) fail({ type: 'month-out-of-bounds', month: m });
  return m;
}

function category(r: BudgetReader, id: string): CategoryInfo {
  const cat = r.getCategory(id);
  if (!cat) fail({ type: 'unknown-category', category: id });
  return cat;
}

function amount(value: unknown): number {
  const err = checkAmount(value);
  if (err) fail(err);
  return value as number;
}

function setBudget(m: Month, cat: string, value: number): BudgetWrite {
  return { kind: 'budget', month: m, category: cat, amount: amount(value) };
}

function budgetOf(r: BudgetReader, m: Month, cat: string): number {
  return cellNumber(r, m, N.budget(cat));
}

/** Income categories carry no budget in the envelope budget; actions over all skip them. */
function budgetable(r: BudgetReader): CategoryInfo[] {
  return r.getCategories().filter((c) => r.budgetType === 'report' || !c.isIncome);
}

function negate(x: number): number {
  return x === 0 ? 0 : -x;
}

export function budgetAmount(
  r: BudgetReader,
  args: { month: Month; category: string; amount: number },
): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    category(r, args.category);
    return writes([setBudget(m, args.category, args.amount)]);
  });
}

/**
 * As a script's `setBudgetAmount` (Actual's API): any month, created or not. A month outside
 * the budget's months keeps its row until the months reach it (a script may budget 2020 before
 * it adds 2020's transactions).
 */
export function budgetAmountAnyMonth(
  r: BudgetReader,
  args: { month: Month; category: string; amount: number },
): ActionResult {
  return run(() => {
    if (!isMonth(args.month)) fail({ type: 'invalid-month', month: args.month });
    category(r, args.category);
    return writes([setBudget(args.month, args.category, args.amount)]);
  });
}

/** Copies last month's stored amounts; categories without a row last month are left alone. */
export function copyPreviousMonth(r: BudgetReader, args: { month: Month }): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    const prev = prevMonth(m);
    const out: BudgetWrite[] = [];
    for (const cat of budgetable(r)) {
      const row = r.getBudgetRow(prev, cat.id);
      if (row) out.push(setBudget(m, cat.id, row.amount));
    }
    return writes(out);
  });
}

export function setZero(r: BudgetReader, args: { month: Month }): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    return writes(budgetable(r).map((c) => setBudget(m, c.id, 0)));
  });
}

/** Budget minus the truncated average of the last three months' activity. */
export function set3MonthAvg(r: BudgetReader, args: { month: Month }): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    const p1 = prevMonth(m);
    const p2 = prevMonth(p1);
    const prev = [p1, p2, prevMonth(p2)];
    return writes(
      budgetable(r).map((c) => {
        let total = 0;
        for (const p of prev) total += cellNumber(r, p, N.sumAmount(c.id));
        return setBudget(m, c.id, negate(Math.trunc(total / 3)));
      }),
    );
  });
}

export const AVERAGE_LENGTHS = [3, 6, 12] as const;

/** One category: the rounded average of the last N months, as a positive expense budget. */
export function setNMonthAvg(
  r: BudgetReader,
  args: { month: Month; N: number; category: string },
): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    const cat = category(r, args.category);
    if (!(AVERAGE_LENGTHS as readonly number[]).includes(args.N)) {
      fail({ type: 'invalid-average-length', n: args.N });
    }
    let total = 0;
    let p = m;
    for (let i = 0; i < args.N; i++) {
      p = prevMonth(p);
      total += cellNumber(r, p, N.sumAmount(cat.id));
    }
    const avg = Math.round(total / args.N);
    return writes([setBudget(m, cat.id, cat.isIncome ? avg : negate(avg))]);
  });
}

export function copySingleMonth(
  r: BudgetReader,
  args: { month: Month; category: string },
): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    category(r, args.category);
    return writes([setBudget(m, args.category, budgetOf(r, prevMonth(m), args.category))]);
  });
}

/**
 * Holds money for next month. Only while To Budget is positive; the new held amount is
 * `old + clamp(amount, −old, max(toBudget, 0))`, so it is never negative and never more than
 * what is there. The value says whether anything was held.
 */
export function holdForNextMonth(
  r: BudgetReader,
  args: { month: Month; amount: number },
): ActionResult<boolean> {
  return run(() => {
    const m = month(r, args.month);
    const requested = amount(args.amount);
    const available = cellNumber(r, m, 'to-budget');
    if (available <= 0) return { writes: [], value: false };
    const old = r.getBuffered(m);
    const next = old + clamp(requested, -old, Math.max(available, 0));
    return { writes: [{ kind: 'buffered', month: m, amount: next }], value: true };
  });
}

export function resetHold(r: BudgetReader, args: { month: Month }): ActionResult {
  return run(() => writes([{ kind: 'buffered', month: month(r, args.month), amount: 0 }]));
}

/**
 * Covers an overspent category from another category's balance or from To Budget, moving
 * `min(−balance(to), available(from))`; nothing happens unless `to` is overspent and `from`
 * has money.
 */
export function coverOverspending(
  r: BudgetReader,
  args: { month: Month; to: string; from: string },
): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    category(r, args.to);
    const fromPot = args.from === TO_BE_BUDGETED;
    if (!fromPot) category(r, args.from);
    const leftover = cellNumber(r, m, N.leftover(args.to));
    const available = cellNumber(r, m, fromPot ? 'to-budget' : N.leftover(args.from));
    if (leftover >= 0 || available <= 0) return writes([]);
    const covered = Math.min(-leftover, available);
    const out: BudgetWrite[] = [];
    if (!fromPot) out.push(setBudget(m, args.from, budgetOf(r, m, args.from) - covered));
    out.push(setBudget(m, args.to, budgetOf(r, m, args.to) + covered));
    return writes(out);
  });
}

/** Moves money from To Budget into a category: `clamp(amount, 0, toBudget)`. */
export function transferAvailable(
  r: BudgetReader,
  args: { month: Month; amount: number; category: string },
): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    category(r, args.category);
    const requested = amount(args.amount);
    const moved = Math.max(Math.min(requested, cellNumber(r, m, 'to-budget')), 0);
    return writes([setBudget(m, args.category, budgetOf(r, m, args.category) + moved)]);
  });
}

/** Moves budgeted money between categories, or back to To Budget. */
export function transferCategory(
  r: BudgetReader,
  args: { month: Month; amount: number; from: string; to: string },
): ActionResult {
  return run(() => {
    const m = month(r, args.month);
    category(r, args.from);
    const moved = amount(args.amount);
    const out = [setBudget(m, args.from, budgetOf(r, m, args.from) - moved)];
    if (args.to !== TO_BE_BUDGETED) {
      category(r, args.to);
      out.push(setBudget(m, args.to, budgetOf(r, m, args.to) + moved));
    }
    return writes(out);
  });
}

/** Sets "rollover overspending" for `startMonth` and every later created month. */
export function setCarryover(
  r: BudgetReader,
  args: { startMonth: Month; category: string; flag: boolean },
): ActionResult {
  return run(() => {
    const start = month(r, args.startMonth);
    category(r, args.category);
    const months = r.getMonths().filter((m) => m >= start);
    return writes(
      months.map((m) => ({
        kind: 'carryover' as const,
        month: m,
        category: args.category,
        flag: !!args.flag,
      })),
    );
  });
}

/**
 * Deleting categories (or a group's categories) with a transfer target: in every created month
 * the target's stored amount grows by the deleted categories' stored amounts.
 */
export function transferBudgetsOnDelete(
  r: BudgetReader,
  args: { categories: readonly string[]; transferId: string },
): ActionResult {
  return run(() => {
    const target = category(r, args.transferId);
    for (const id of args.categories) {
      if (category(r, id).isIncome !== target.isIncome) fail({ type: 'category-type' });
    }
    const out: BudgetWrite[] = [];
    for (const m of r.getMonths()) {
      let moved = 0;
      for (const id of args.categories) moved += r.getBudgetRow(m, id)?.amount ?? 0;
      if (moved === 0) continue;
      out.push(setBudget(m, target.id, (r.getBudgetRow(m, target.id)?.amount ?? 0) + moved));
    }
    return writes(out);
  });
}

/** The pure part of each `budget/*` handler, by the spec's handler name. */
export const budgetActionHandlers = {
  'budget/budget-amount': budgetAmount,
  'budget/copy-previous-month': copyPreviousMonth,
  'budget/set-zero': setZero,
  'budget/set-3month-avg': set3MonthAvg,
  'budget/set-n-month-avg': setNMonthAvg,
  'budget/copy-single-month': copySingleMonth,
  'budget/hold-for-next-month': holdForNextMonth,
  'budget/reset-hold': resetHold,
  'budget/cover-overspending': coverOverspending,
  'budget/transfer-available': transferAvailable,
  'budget/transfer-category': transferCategory,
  'budget/set-carryover': setCarryover,
} as const;
