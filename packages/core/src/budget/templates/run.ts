/**
 * Applying templates to a month: `apply-goal-template` (fills categories whose budget is still
 * 0), `overwrite-goal-template` (all templated categories), `apply-single-template` (one), and
 * `check-templates`. Pure: the result is the rows to write plus the notification to show.
 *
 * Order: priority 0 lines first, never limited by funds; then priority 1, 2, … each limited to
 * what is still available; "up to" caps the category's balance after each pass; remainder lines
 * last, sharing what is left by weight.
 */
import type { Month } from '../../calendar/months.ts';
import { cellNumber, type BudgetReader, type BudgetWrite } from '../reader.ts';
import { cellNames as N, type CategoryInfo } from '../types.ts';
import { lineAmounts, type CategoryState, type GoalContext } from './goals.ts';
import { formatTemplateError, parseNote } from './parse.ts';
import type {
  Limit,
  ParsedTemplate,
  ScheduleInfo,
  TemplateError,
  TemplateNotification,
} from './types.ts';

export interface TemplateInput {
  month: Month;
  /** Category id → note text. */
  notes: ReadonlyMap<string, string>;
  /** Category id → display name, for messages and "% of <category>". */
  names: ReadonlyMap<string, string>;
  /** Schedule name → amount and upcoming dates. */
  schedules?: ReadonlyMap<string, ScheduleInfo>;
}

export type TemplateMode = 'apply' | 'overwrite' | { category: string };

export interface TemplateRun {
  writes: BudgetWrite[];
  /** Categories whose budget the run changes. */
  applied: string[];
  /** Category id → `#goal` amount, for the balance indicator. */
  goals: Map<string, number>;
  errors: string[];
  notification: TemplateNotification;
}

interface Target extends CategoryState {
  name: string;
  lines: ParsedTemplate[];
  limit: Limit | null;
  current: number;
  total: number;
}

function available(reader: BudgetReader, month: Month): number {
  return reader.budgetType === 'rollover'
    ? cellNumber(reader, month, 'to-budget')
    : cellNumber(reader, month, 'total-saved');
}

/** Money a category's budget takes from (expense) or adds to (tracked income) the pot. */
function sign(cat: CategoryInfo): number {
  return cat.isIncome ? -1 : 1;
}

function capped(t: Target): number {
  if (!t.limit) return t.total;
  const room = t.limit.amount - t.carryIn;
  return Math.min(t.total, t.limit.hold ? Math.max(room, 0) : room);
}

function collect(
  reader: BudgetReader,
  input: TemplateInput,
  mode: TemplateMode,
  errors: string[],
  goals: Map<string, number>,
): Target[] {
  const month = input.month;
  const targets: Target[] = [];
  for (const cat of reader.getCategories()) {
    if (typeof mode === 'object' && mode.category !== cat.id) continue;
    const note = input.notes.get(cat.id);
    if (!note) continue;
    const name = input.names.get(cat.id) ?? cat.id;
    const parsed = parseNote(note);
    for (const e of parsed.errors) errors.push(formatTemplateError(name, e));
    const lines = parsed.templates.filter((t) => t.type !== 'goal');
    for (const t of parsed.templates) if (t.type === 'goal') goals.set(cat.id, t.amount);
    if (lines.length === 0 || (reader.budgetType === 'rollover' && cat.isIncome)) continue;

    const current = cellNumber(reader, month, N.budget(cat.id));
    if (mode === 'apply' && current !== 0) continue;
    const limits = lines.flatMap((t) => ('limit' in t && t.limit ? [t.limit] : []));
    if (limits.length > 1) {
      errors.push(`${name}: more than one "up to" limit; the category was skipped`);
      continue;
    }
    // Dated targets (by, schedule) all run at the earliest priority any of them has.
    const dated = lines.filter((t) => t.type === 'by' || t.type === 'schedule');
    const first = Math.min(...dated.map((t) => ('priority' in t ? t.priority : 0)));
    const fixed = lines.map((t) =>
      (t.type === 'by' || t.type === 'schedule') && t.priority !== first
        ? { ...t, priority: first }
        : t,
    );
    const leftover = cellNumber(reader, month, N.leftover(cat.id));
    const spent = cellNumber(reader, month, N.sumAmount(cat.id));
    targets.push({
      cat,
      name,
      lines: fixed,
      limit: limits[0] ?? null,
      carryIn: leftover - spent - current,
      current,
      total: 0,
    });
  }
  return targets;
}

export function runTemplates(
  reader: BudgetReader,
  input: TemplateInput,
  mode: TemplateMode,
): TemplateRun {
  const errors: string[] = [];
  const goals = new Map<string, number>();
  const targets = collect(reader, input, mode, errors, goals);

  const start = available(reader, input.month);
  // Templated categories start from zero: their current budgets go back into the pot.
  let pot = start;
  for (const t of targets) pot += sign(t.cat) * t.current;

  const incomeByName = new Map<string, string>();
  for (const c of reader.getCategories()) {
    if (c.isIncome) incomeByName.set((input.names.get(c.id) ?? c.id).toLowerCase(), c.id);
  }
  const ctx: GoalContext = {
    reader,
    month: input.month,
    schedules: input.schedules ?? new Map(),
    incomeByName,
    availableAtStart: start,
  };

  const priorities = [
    ...new Set(
      targets.flatMap((t) => t.lines.flatMap((l) => ('priority' in l ? [l.priority] : []))),
    ),
  ].sort((a, b) => a - b);
  for (const p of priorities) {
    for (const t of targets) {
      const lines = t.lines.filter(
        (l) => l.type !== 'remainder' && 'priority' in l && l.priority === p,
      );
      if (lines.length === 0) continue;
      let add = 0;
      for (const [line, result] of lineAmounts(ctx, t, lines)) {
        if ('error' in result) errors.push(`${t.name}, line ${line.line}: ${result.error}`);
        else add += result.amount;
      }
      if (p > 0 && !t.cat.isIncome && add > Math.max(pot, 0)) {
        errors.push(`${t.name}: not enough funds for priority ${p}`);
        add = Math.max(pot, 0);
      }
      const before = t.total;
      t.total += add;
      t.total = capped(t);
      pot -= sign(t.cat) * (t.total - before);
    }
  }

  const sharing = targets.filter((t) => t.lines.some((l) => l.type === 'remainder'));
  const weightOf = (t: Target) =>
    t.lines.reduce((w, l) => w + (l.type === 'remainder' ? l.weight : 0), 0);
  const weights = sharing.reduce((w, t) => w + weightOf(t), 0);
  const share = Math.max(pot, 0);
  let handed = 0;
  sharing.forEach((t, i) => {
    const portion =
      i === sharing.length - 1 ? share - handed : Math.floor((share * weightOf(t)) / weights);
    handed += portion;
    const before = t.total;
    t.total += portion;
    t.total = capped(t);
    pot -= sign(t.cat) * (t.total - before);
  });

  const changed = targets.filter((t) => t.total !== t.current);
  return {
    writes: changed.map((t) => ({
      kind: 'budget' as const,
      month: input.month,
      category: t.cat.id,
      amount: t.total,
    })),
    applied: changed.map((t) => t.cat.id),
    goals,
    errors,
    notification: runNotification(changed.length, errors),
  };
}

function runNotification(applied: number, errors: string[]): TemplateNotification {
  const pre = errors.length > 0 ? errors.join('\n\n') : undefined;
  if (applied === 0) {
    return pre
      ? { type: 'error', sticky: true, message: 'Some templates could not be used:', pre }
      : { type: 'message', message: 'Every templated category is already up to date.' };
  }
  const what = `Templates set the budget of ${applied} ${applied === 1 ? 'category' : 'categories'}.`;
  return pre
    ? { type: 'message', sticky: true, message: `${what} Some templates could not be used:`, pre }
    : { type: 'message', message: what };
}

/** `check-templates`: syntax of every template line, and the names lines refer to. */
export function checkTemplates(
  reader: BudgetReader,
  input: Omit<TemplateInput, 'month'>,
): TemplateNotification {
  const problems: string[] = [];
  const income = new Set(
    reader
      .getCategories()
      .filter((c) => c.isIncome)
      .map((c) => (input.names.get(c.id) ?? c.id).toLowerCase()),
  );
  const refError = (t: ParsedTemplate): string | null => {
    if (t.type === 'schedule' && input.schedules && !input.schedules.has(t.name)) {
      return `Schedule "${t.name}" does not exist`;
    }
    if (t.type === 'percentage') {
      const s = t.source.toLowerCase();
      if (s !== 'all income' && s !== 'available funds' && !income.has(s)) {
        return `There is no income category named "${t.source}"`;
      }
    }
    return null;
  };
  for (const cat of reader.getCategories()) {
    const note = input.notes.get(cat.id);
    if (!note) continue;
    const name = input.names.get(cat.id) ?? cat.id;
    const parsed = parseNote(note);
    const all: TemplateError[] = [...parsed.errors];
    for (const t of parsed.templates) {
      const message = refError(t);
      if (message) all.push({ line: t.line, text: t.text, column: 0, message });
    }
    all.sort((a, b) => a.line - b.line);
    for (const e of all) problems.push(formatTemplateError(name, e));
  }
  return problems.length === 0
    ? { type: 'message', message: 'All templates are valid.' }
    : {
        type: 'error',
        sticky: true,
        message: 'Some template lines have problems:',
        pre: problems.join('\n\n'),
      };
}
