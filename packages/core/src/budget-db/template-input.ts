/**
 * What goal templates read besides the sheet: category notes and names, and the schedules a
 * `#template schedule <name>` line can name (amount and upcoming dates).
 */
import { monthDateBounds, type Month, type ScheduleInfo } from '../budget/index.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import { getUpcomingDates } from '../recurrence/index.ts';

export interface CategoryTexts {
  notes: Map<string, string>;
  names: Map<string, string>;
}

export function readCategoryTexts(db: SqliteDatabase): CategoryTexts {
  const names = new Map<string, string>();
  const notes = new Map<string, string>();
  for (const r of db.all<{ id: string; name: string | null; note: string | null }>(
    `SELECT c.id, c.name, n.note FROM categories c LEFT JOIN notes n ON n.id = c.id
     WHERE c.tombstone = 0`,
  )) {
    names.set(r.id, r.name ?? r.id);
    if (r.note) notes.set(r.id, r.note);
  }
  return { notes, names };
}

/** Enough occurrences to count every one in a month of a daily schedule. */
const OCCURRENCES = 64;

function dayOf(month: Month): string {
  const start = monthDateBounds(month).start;
  const s = String(start);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

function amountOf(value: unknown, op: unknown): number | null {
  if (typeof value === 'number') return value;
  if (op === 'isbetween' && typeof value === 'string') {
    try {
      const range = JSON.parse(value) as { num1?: unknown; num2?: unknown };
      if (typeof range.num1 === 'number' && typeof range.num2 === 'number') {
        return Math.round((range.num1 + range.num2) / 2);
      }
    } catch {
      return null;
    }
  }
  return null;
}

function datesOf(value: unknown, from: string): string[] {
  if (typeof value !== 'string') return [];
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value >= from ? [value] : [];
  let config: unknown;
  try {
    config = JSON.parse(value);
  } catch {
    return [];
  }
  const result = getUpcomingDates(config, OCCURRENCES, from);
  return result.data ?? [];
}

/** Live, unfinished schedules by name, with their occurrences from the first of `month` on. */
export function readSchedules(db: SqliteDatabase, month: Month): Map<string, ScheduleInfo> {
  const from = dayOf(month);
  const out = new Map<string, ScheduleInfo>();
  const rows = db.all<{
    name: string | null;
    _amount: unknown;
    _amountOp: unknown;
    _date: unknown;
  }>(
    `SELECT name, _amount, _amountOp, _date FROM v_schedules
     WHERE tombstone = 0 AND IFNULL(completed, 0) = 0 AND name IS NOT NULL`,
  );
  for (const s of rows) {
    const amount = amountOf(s._amount, s._amountOp);
    if (amount === null || !s.name) continue;
    out.set(s.name, { amount, dates: datesOf(s._date, from) });
  }
  return out;
}
