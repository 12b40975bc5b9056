/**
 * Interop: a seeded random budget (24 months, 30 categories, 20,000 transactions with splits and
 * off-budget transfers, random budget amounts, holds, carryover flags, edits, deletions, a
 * category deleted into another and one moved) is built by the real @actual-app/api 6.9 in a
 * child process, which records Actual's getBudgetMonths/getBudgetMonth for every month, as an
 * envelope budget and again after switching to tracking. Coffer opens the same file and must
 * answer every field of every month the same way.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetType } from '../budget/index.ts';
import { createTestPlatform, testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import { prepareDatabase } from '../schema/prepare.ts';
import { BudgetDb } from '../sync/budget-db.ts';
import { budgetMonthOf, budgetMonthsOf } from './api-handlers.ts';
import { BudgetEngine } from './engine.ts';

const builder = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers/actual-budget-builder.mjs'); // prettier-ignore
const TRANSACTIONS = 20_000;

interface ActualMonths {
  months: string[];
  data: unknown[];
}
interface Month {
  totalSpent: number;
  forNextMonth: number;
  categoryGroups: { categories: { carryover?: boolean }[] }[];
}
interface ActualResult {
  dir: string;
  rollover: ActualMonths;
  report: ActualMonths;
}

let work: string;
let actual: ActualResult;
let db: BudgetDb;

beforeAll(async () => {
  // tmpfs when there is one: Actual commits often, and each commit waits for the disk.
  work = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'coffer-budget-interop-')); // prettier-ignore
  const out = join(work, 'actual.json');
  await promisify(execFile)(process.execPath, [builder, work, out, '20230806', String(TRANSACTIONS)], { maxBuffer: 64 * 1024 * 1024 }); // prettier-ignore
  actual = JSON.parse(readFileSync(out, 'utf8')) as ActualResult;
  const copy = join(work, 'coffer.sqlite');
  copyFileSync(join(actual.dir, 'db.sqlite'), copy);
  const sqlite: SqliteDatabase = testSqliteDriver().open(copy);
  const prepared = prepareDatabase(sqlite);
  if (!prepared.ok) throw new Error(prepared.message);
  const platform = createTestPlatform({ now: Date.now() });
  db = BudgetDb.open(sqlite, { clock: platform.clock, random: platform.random, log: platform.log });
}, 600_000);

afterAll(() => {
  db?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

function open(budgetType: BudgetType, cache = false): BudgetEngine {
  const platform = createTestPlatform({ now: Date.now(), seed: 9 });
  return BudgetEngine.open({ db, budgetType, now: () => Date.now(), random: platform.random, cache }); // prettier-ignore
}

/** What a script receives: the answer after a trip through JSON. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function expectSameMonths(engine: BudgetEngine, expected: ActualMonths): void {
  const months = budgetMonthsOf(engine);
  expect(months).toEqual(expected.months);
  expect(months.length).toBeGreaterThanOrEqual(24 + 3 + 11);
  months.forEach((month, i) => {
    expect(wire(budgetMonthOf(engine, db.sqlite, month)), month).toEqual(expected.data[i]);
  });
}

describe('getBudgetMonth against @actual-app/api 6.9', () => {
  it('agrees on every field of every month of the envelope budget', () => {
    const engine = open('rollover');
    // The budget Actual built exercises what it should: spending, holds, carryover flags.
    const data = actual.rollover.data as Month[];
    expect(data[0]!.categoryGroups).toHaveLength(6);
    expect(data.filter((m) => m.totalSpent !== 0).length).toBeGreaterThanOrEqual(24);
    expect(data.filter((m) => m.forNextMonth !== 0).length).toBeGreaterThan(0);
    const flags = data.flatMap((m) => m.categoryGroups.flatMap((g) => g.categories));
    expect(flags.filter((c) => c.carryover === true).length).toBeGreaterThan(0);
    expectSameMonths(engine, actual.rollover);
    engine.close();
  });

  it('agrees on every field of every month of the tracking budget', () => {
    const engine = open('report');
    expectSameMonths(engine, actual.report);
    engine.close();
  });

  it('agrees again when the sheet comes back from its cache', () => {
    open('report', true).close();
    const engine = open('report', true);
    expect(engine.restoredFromCache).toBe(true);
    expectSameMonths(engine, actual.report);
    engine.close();
  });
});
