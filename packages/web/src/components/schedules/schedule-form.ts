/**
 * The schedule editor's state and how it becomes the rule's conditions (spec: schedule entity,
 * rule conditions; amount is / is approximately / is between; date one-off or recurring).
 * Pure, so each step is tested.
 */
import { defaultRecurConfig, finishRecurConfig, type RecurConfig } from '@coffer/core/ui';
import { isRange, type ScheduleRow } from './schedule-logic.ts';

export type AmountOp = 'is' | 'isapprox' | 'isbetween';
export type DateOp = 'is' | 'isapprox';

export const AMOUNT_OPS: ReadonlyArray<readonly [AmountOp, string]> = [
  ['isapprox', 'is approximately'],
  ['is', 'is'],
  ['isbetween', 'is between'],
];

export interface ScheduleForm {
  name: string;
  /** A payee id, `new:{name}` for one to create on save, or null. */
  payee: string | null;
  account: string | null;
  amountOp: AmountOp;
  /** A payment (money out) rather than a deposit. */
  outflow: boolean;
  /** The amount, or the range's first bound, as a positive number of cents. */
  amount: number | null;
  /** The range's second bound (is between). */
  amount2: number | null;
  repeats: boolean;
  /** The one-off date. */
  date: string | null;
  recurrence: Required<RecurConfig>;
  /** How near a transaction's date must be to match: the day, or two days either side. */
  dateOp: DateOp;
  postsTransaction: boolean;
}

/** A new schedule: a payment of about an amount, every month from today. */
export function newScheduleForm(today: string): ScheduleForm {
  return {
    name: '',
    payee: null,
    account: null,
    amountOp: 'isapprox',
    outflow: true,
    amount: null,
    amount2: null,
    repeats: true,
    date: today,
    recurrence: defaultRecurConfig(today),
    dateOp: 'isapprox',
    postsTransaction: false,
  };
}

/** The editor's state for an existing schedule (its date condition's operator given apart). */
export function formFromSchedule(
  row: ScheduleRow,
  dateOp: string | null | undefined,
  today: string,
): ScheduleForm {
  const form = newScheduleForm(today);
  form.name = row.name ?? '';
  form.payee = row._payee;
  form.account = row._account;
  form.amountOp = (['is', 'isapprox', 'isbetween'] as const).includes(row._amountOp as AmountOp)
    ? (row._amountOp as AmountOp)
    : 'isapprox';
  const amount = row._amount;
  if (isRange(amount)) {
    const [low, high] = [Math.abs(amount.num1), Math.abs(amount.num2)].sort((a, b) => a - b);
    form.outflow = amount.num1 < 0 || amount.num2 < 0;
    form.amount = low!;
    form.amount2 = high!;
  } else if (typeof amount === 'number') {
    form.outflow = amount < 0;
    form.amount = Math.abs(amount);
  }
  if (typeof row._date === 'string') {
    form.repeats = false;
    form.date = row._date;
    form.recurrence = defaultRecurConfig(row._date);
  } else if (row._date) {
    form.repeats = true;
    form.recurrence = { ...defaultRecurConfig(row._date.start), ...withoutNulls(row._date) };
    form.date = row._date.start;
  }
  form.dateOp = dateOp === 'is' ? 'is' : 'isapprox';
  form.postsTransaction = row.posts_transaction;
  return form;
}

function withoutNulls<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v != null)) as Partial<T>;
}

/** Switching to a range keeps the amount as its first bound. */
export function changeAmountOp(form: ScheduleForm, op: AmountOp): ScheduleForm {
  return { ...form, amountOp: op, amount2: op === 'isbetween' ? form.amount2 : null };
}

export interface FormErrors {
  amount?: string;
  date?: string;
}

/** What must be filled in before the core is asked (the spec's 'Value cannot be empty'). */
export function formErrors(form: ScheduleForm): FormErrors | null {
  const errors: FormErrors = {};
  if (form.amount === null || (form.amountOp === 'isbetween' && form.amount2 === null)) {
    errors.amount = 'Value cannot be empty';
  }
  if (!form.repeats && !form.date) errors.date = 'Date is required';
  if (form.repeats && !form.recurrence.start) errors.date = 'Date is required';
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The date condition's value: the day, or the recurrence with its numbers made whole. */
export function dateValue(form: ScheduleForm): string | RecurConfig | null {
  if (!form.repeats) return form.date;
  const config = finishRecurConfig(form.recurrence);
  // Only a monthly recurrence has day patterns; the end fields only for their end mode.
  return {
    ...config,
    patterns: config.frequency === 'monthly' ? config.patterns : [],
  };
}

export interface Condition {
  op: string;
  field: string;
  value: unknown;
  type: string;
}

/**
 * The rule's key conditions, with `payeeId` standing for a payee created on save. For an
 * update (`clearEmpty`), an empty payee or account is sent as `is null`, which the core reads
 * as "remove that condition"; a new schedule simply leaves it out.
 */
export function formConditions(
  form: ScheduleForm,
  payeeId: string | null,
  { clearEmpty = false } = {},
): Condition[] {
  const sign = form.outflow ? -1 : 1;
  const conditions: Condition[] = [];
  if (payeeId || clearEmpty) {
    conditions.push({ op: 'is', field: 'payee', value: payeeId, type: 'id' });
  }
  if (form.account || clearEmpty) {
    conditions.push({ op: 'is', field: 'account', value: form.account, type: 'id' });
  }
  const a = form.amount ?? 0;
  if (form.amountOp === 'isbetween') {
    const [low, high] = [a, form.amount2 ?? a].sort((x, y) => x - y) as [number, number];
    // The range runs from the smaller number to the larger: for a payment, -high to -low.
    const value = form.outflow ? { num1: -high, num2: -low } : { num1: low, num2: high };
    conditions.push({ op: 'isbetween', field: 'amount', value, type: 'number' });
  } else {
    conditions.push({ op: form.amountOp, field: 'amount', value: sign * a, type: 'number' });
  }
  conditions.push({ op: form.dateOp, field: 'date', value: dateValue(form), type: 'date' });
  return conditions;
}
