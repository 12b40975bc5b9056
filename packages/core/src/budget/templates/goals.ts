/**
 * What one template line asks to budget this month, as a pure function of the sheet. Lines that
 * save toward a dated target (`by`, `schedule`) share the money already in the category,
 * earliest target first, so two targets do not both count the same savings.
 */
import { addMonths, diffMonths, monthRange, prevMonth, type Month } from '../../calendar/months.ts';
import { cellNumber, type BudgetReader } from '../reader.ts';
import { cellNames as N, type CategoryInfo } from '../types.ts';
import { occurrencesInMonth } from './dates.ts';
import type { ParsedTemplate, ScheduleInfo, Template } from './types.ts';

export interface GoalContext {
  reader: BudgetReader;
  month: Month;
  schedules: ReadonlyMap<string, ScheduleInfo>;
  /** Income category ids by lower-case name, for "% of <category>". */
  incomeByName: ReadonlyMap<string, string>;
  /** To Budget before any template ran, for "% of available funds". */
  availableAtStart: number;
}

export interface CategoryState {
  cat: CategoryInfo;
  /** The balance that rolled in from last month. */
  carryIn: number;
}

export type LineAmount = { amount: number } | { error: string };

type Of<K extends Template['type']> = Extract<ParsedTemplate, { type: K }>;

/** Resolves the month a (possibly repeating) target falls due at or after `month`. */
export function nextTarget(target: Month, repeatMonths: number | null, month: Month): Month | null {
  const behind = diffMonths(month, target);
  if (behind <= 0) return target;
  if (!repeatMonths) return null;
  return addMonths(target, Math.ceil(behind / repeatMonths) * repeatMonths);
}

function spread(need: number, monthsLeft: number): number {
  return need > 0 ? Math.round(need / (monthsLeft + 1)) : 0;
}

/** Money budgeted toward a `spend from` target since the window opened, carry-in included. */
function savedSince(ctx: GoalContext, id: string, from: Month): number {
  const r = ctx.reader;
  let saved =
    cellNumber(r, from, N.leftover(id)) -
    cellNumber(r, from, N.sumAmount(id)) -
    cellNumber(r, from, N.budget(id));
  for (const m of monthRange(from, prevMonth(ctx.month))) saved += cellNumber(r, m, N.budget(id));
  return saved;
}

function byAmount(ctx: GoalContext, s: CategoryState, t: Of<'by'>, pool: { saved: number }) {
  const due = nextTarget(t.month, t.repeatMonths, ctx.month);
  if (!due) return { error: `${t.month} is in the past` };
  const left = diffMonths(due, ctx.month);
  if (t.spendFrom) {
    const from = addMonths(t.spendFrom, diffMonths(due, t.month));
    if (from < ctx.month) {
      const need = t.amount - savedSince(ctx, s.cat.id, from);
      return { amount: left === 0 ? Math.max(0, need) : spread(need, left) };
    }
  }
  const used = Math.min(pool.saved, t.amount);
  pool.saved -= used;
  return { amount: spread(t.amount - used, left) };
}

function scheduleAmount(ctx: GoalContext, t: Of<'schedule'>, pool: { saved: number }): LineAmount {
  const info = ctx.schedules.get(t.name);
  if (!info) return { error: `Schedule "${t.name}" does not exist` };
  const first = info.dates[0];
  if (!first) return { error: `Schedule "${t.name}" has no upcoming date` };
  const left = diffMonths(first.slice(0, 7), ctx.month);
  if (left < 0) return { error: `Schedule "${t.name}" was due on ${first}, which is in the past` };
  const each = -info.amount;
  const target =
    left === 0 ? each * info.dates.filter((d) => d.startsWith(ctx.month)).length : each;
  if (left > 0 && t.full) return { amount: 0 };
  const used = Math.min(pool.saved, Math.max(target, 0));
  pool.saved -= used;
  return { amount: left === 0 ? Math.max(0, target - used) : spread(target - used, left) };
}

function percentageAmount(ctx: GoalContext, t: Of<'percentage'>): LineAmount {
  const m = t.previous ? prevMonth(ctx.month) : ctx.month;
  const source = t.source.toLowerCase();
  let base: number;
  if (source === 'all income') base = cellNumber(ctx.reader, m, 'total-income');
  else if (source === 'available funds') {
    base = t.previous ? cellNumber(ctx.reader, m, 'to-budget') : ctx.availableAtStart;
  } else {
    const id = ctx.incomeByName.get(source);
    if (!id) return { error: `There is no income category named "${t.source}"` };
    base = cellNumber(ctx.reader, m, N.sumAmount(id));
  }
  return { amount: Math.max(0, Math.round((base * t.percent) / 100)) };
}

function averageAmount(ctx: GoalContext, s: CategoryState, t: Of<'average'>): LineAmount {
  let total = 0;
  let m = ctx.month;
  for (let i = 0; i < t.months; i++) {
    m = prevMonth(m);
    total += cellNumber(ctx.reader, m, N.sumAmount(s.cat.id));
  }
  const avg = Math.round(total / t.months);
  return { amount: s.cat.isIncome || avg === 0 ? avg : -avg };
}

/** The amount each line adds this month. Dated targets are resolved earliest first. */
export function lineAmounts(
  ctx: GoalContext,
  s: CategoryState,
  lines: readonly ParsedTemplate[],
): Map<ParsedTemplate, LineAmount> {
  const out = new Map<ParsedTemplate, LineAmount>();
  const pool = { saved: Math.max(0, s.carryIn) };
  const dueOf = (t: ParsedTemplate): string =>
    t.type === 'by'
      ? (nextTarget(t.month, t.repeatMonths, ctx.month) ?? '')
      : t.type === 'schedule'
        ? (ctx.schedules.get(t.name)?.dates[0] ?? '')
        : '';
  const ordered = [...lines].sort((a, b) => dueOf(a).localeCompare(dueOf(b)));
  for (const t of ordered) {
    switch (t.type) {
      case 'simple':
        out.set(t, { amount: t.monthly ?? t.limit?.amount ?? 0 });
        break;
      case 'by':
        out.set(t, byAmount(ctx, s, t, pool));
        break;
      case 'periodic':
        out.set(t, {
          amount: t.amount * occurrencesInMonth(t.starting, t.unit, t.every, ctx.month),
        });
        break;
      case 'percentage':
        out.set(t, percentageAmount(ctx, t));
        break;
      case 'schedule':
        out.set(t, scheduleAmount(ctx, t, pool));
        break;
      case 'average':
        out.set(t, averageAmount(ctx, s, t));
        break;
      case 'remainder':
      case 'goal':
        break;
    }
  }
  return out;
}
