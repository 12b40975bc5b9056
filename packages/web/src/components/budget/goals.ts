/**
 * A category's goal as a small form instead of `#template` syntax. The form reads and writes the
 * same template lines in the category's note (so Actual reads them too), and only the kinds it
 * can show: a monthly amount (optionally up to a cap), a balance cap, an amount saved by a month,
 * a percentage of income. Other template lines are left for the note editor. Pure.
 */
import { type ParsedTemplate, parseNote } from '@coffer/core/ui';

export type GoalForm =
  | { kind: 'monthly'; amount: number; cap: number | null }
  | { kind: 'cap'; cap: number }
  | { kind: 'by'; amount: number; month: string }
  | { kind: 'percent'; percent: number; source: string; previous: boolean };

export type GoalKind = GoalForm['kind'];

/** Cents as the template syntax writes amounts: '.' decimals, no grouping ('1250.50', '40'). */
export function templateAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  return `${sign}${whole}${frac === 0 ? '' : `.${String(frac).padStart(2, '0')}`}`;
}

/** The `#template` line a goal form writes. */
export function goalLine(form: GoalForm): string {
  switch (form.kind) {
    case 'monthly':
      return `#template ${templateAmount(form.amount)}${form.cap === null ? '' : ` up to ${templateAmount(form.cap)}`}`;
    case 'cap':
      return `#template up to ${templateAmount(form.cap)}`;
    case 'by':
      return `#template ${templateAmount(form.amount)} by ${form.month}`;
    case 'percent':
      return `#template ${form.percent}% of ${form.previous ? 'previous ' : ''}${form.source}`;
  }
}

/** The form for one parsed template line, when the form can show it. */
function formOf(t: ParsedTemplate): GoalForm | null {
  if ('priority' in t && t.priority !== 0) return null;
  if (t.type === 'simple') {
    if (t.limit?.hold) return null;
    if (t.monthly === null) return t.limit ? { kind: 'cap', cap: t.limit.amount } : null;
    return { kind: 'monthly', amount: t.monthly, cap: t.limit?.amount ?? null };
  }
  if (t.type === 'by' && !t.spendFrom && t.repeatMonths === null) {
    return { kind: 'by', amount: t.amount, month: t.month };
  }
  if (t.type === 'percentage') {
    return { kind: 'percent', percent: t.percent, source: t.source, previous: t.previous };
  }
  return null;
}

export interface GoalReading {
  /** The goal the form shows, or null when the note has none the form can show. */
  form: GoalForm | null;
  /** Goal lines the form cannot show (other kinds, several lines, lines with errors). */
  other: string[];
}

const GOAL_LINE = /^\s*#(template|goal)(?=$|[\s-])/i;

export function readGoal(note: string | null | undefined): GoalReading {
  const lines = (note ?? '').split(/\r?\n/).filter((l) => GOAL_LINE.test(l));
  const parsed = parseNote(note);
  if (lines.length === 1 && parsed.templates.length === 1 && parsed.errors.length === 0) {
    const form = formOf(parsed.templates[0]!);
    if (form) return { form, other: [] };
  }
  return { form: null, other: lines.map((l) => l.trim()) };
}

/**
 * The note with its goal lines replaced by the form's line (or removed, for null). Every other
 * line, `#cleanup` lines included, stays as it was. An emptied note is null.
 */
export function noteWithGoal(
  note: string | null | undefined,
  form: GoalForm | null,
): string | null {
  const kept = (note ?? '').split(/\r?\n/).filter((l) => !GOAL_LINE.test(l));
  while (kept.length > 0 && kept[kept.length - 1]!.trim() === '') kept.pop();
  if (form) kept.push(goalLine(form));
  const text = kept.join('\n');
  return text.trim() === '' ? null : text;
}

/**
 * How far this month is toward the category's goal, from 0 to 1 (more is capped at 1), or null
 * when its lines set no target to measure: a monthly amount is measured by what is budgeted,
 * a cap, a dated target and a `#goal` by the balance.
 */
export function goalProgress(
  note: string | null | undefined,
  figures: { budgeted: number; balance: number },
): number | null {
  if (!note || !/#(template|goal)/i.test(note)) return null;
  const { templates } = parseNote(note);
  const goal = templates.find((t) => t.type === 'goal');
  const ratio = (have: number, want: number) =>
    want > 0 ? Math.max(0, Math.min(1, have / want)) : null;
  if (goal?.type === 'goal') return ratio(figures.balance, goal.amount);
  let monthly = 0;
  for (const t of templates) {
    if (t.type === 'simple' && t.monthly !== null) monthly += t.monthly;
  }
  if (monthly > 0) return ratio(figures.budgeted, monthly);
  for (const t of templates) {
    if (t.type === 'simple' && t.limit) return ratio(figures.balance, t.limit.amount);
    if (t.type === 'by') return ratio(figures.balance, t.amount);
  }
  return null;
}
