/**
 * The budget formulas as plain functions of plain numbers. The sheet wires cells to these; tests
 * and actions can call them directly. All amounts are integer cents; spending is negative.
 */
import { num, sum } from './amounts.ts';

// ---- Envelope ("rollover") budget ----

/** What rolls into a category: any positive balance, a negative one only with carryover set. */
export function rolloverCarryIn(prevCarryover: boolean, prevLeftover: number): number {
  return prevCarryover ? prevLeftover : Math.max(0, prevLeftover);
}

/** A category's balance: budgeted + activity + what rolled in from last month. */
export function rolloverLeftover(
  budgeted: number,
  spent: number,
  prevCarryover: boolean,
  prevLeftover: number,
  prevLeftoverPos: number,
): number {
  return budgeted + spent + (prevCarryover ? prevLeftover : prevLeftoverPos);
}

export function leftoverPos(leftover: number): number {
  return leftover < 0 ? 0 : leftover;
}

/** Last month's To Budget plus last month's held money. */
export function fromLastMonth(prevToBudget: number, prevBuffered: number): number {
  return prevToBudget + prevBuffered;
}

export function availableFunds(totalIncome: number, fromLast: number): number {
  return totalIncome + fromLast;
}

/** Overspending that did not roll into its category: charged to this month's To Budget. */
export function overspentContribution(prevCarryover: boolean, prevLeftover: number): number {
  return prevCarryover ? 0 : Math.min(0, prevLeftover);
}

export function lastMonthOverspent(
  prev: readonly { carryover: boolean; leftover: number }[],
): number {
  let total = 0;
  for (const p of prev) total += overspentContribution(p.carryover, p.leftover);
  return total;
}

/** Envelope total-budgeted is negative: it is money leaving To Budget. */
export function rolloverTotalBudgeted(groupBudgets: readonly number[]): number {
  return 0 - sum(groupBudgets);
}

export function toBudget(
  available: number,
  lastOverspent: number,
  totalBudgeted: number,
  buffered: number,
): number {
  return available + lastOverspent + totalBudgeted - buffered;
}

// ---- Tracking ("report") budget ----

/** Expense: budget + spent + carried; income: budget − received + carried. */
export function reportLeftover(
  isIncome: boolean,
  budgeted: number,
  spent: number,
  prevCarryover: boolean,
  prevLeftover: number,
): number {
  const carried = prevCarryover ? prevLeftover : 0;
  return isIncome ? budgeted - spent + carried : budgeted + spent + carried;
}

/** With carryover set, spending is counted as the budget minus what is left (never below 0). */
export function spentWithCarryover(carryover: boolean, budgeted: number, spent: number): number {
  return carryover ? Math.max(0, budgeted + spent) : spent;
}

export function reportTotalLeftover(totalBudgeted: number, totalSpent: number): number {
  return totalBudgeted + totalSpent;
}

export function totalSaved(totalBudgetIncome: number, totalBudgeted: number): number {
  return totalBudgetIncome - totalBudgeted;
}

export function realSaved(totalIncome: number, totalSpent: number): number {
  return totalIncome + totalSpent;
}

// ---- Cell adapters: cell values may be null (missing cell) or of the wrong type ----

export function bool(value: unknown): boolean {
  return value === true || value === 1;
}

export { num, sum };
