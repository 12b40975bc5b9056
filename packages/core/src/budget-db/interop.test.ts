/**
 * Interop: a seeded random budget (24 months, 30 categories, 20,000 transactions with splits and
 * off-budget transfers, random budget amounts, holds, carryover flags, edits, deletions, a
 * category deleted into another and one moved) is built by the real @actual-app/api 6.9 in a
 * child process, which records Actual's getBudgetMonths/getBudgetMonth for every month, as an
 * envelope budget and again after switching to tracking. Coffer opens the same file and must
 * answer every field of every month the same way.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
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

/**
 * Actual's budget and its answers, built once per day and builder: the build is 40 s of Actual's
 * api on one core, the same every run of a day (its months follow today). Kept under
 * node_modules/.cache, keyed by the builder's source, Actual's version, the arguments and today.
 */
async function actualBudget(): Promise<{ result: ActualResult; db: string }> {
  const args = ['20230806', String(TRANSACTIONS)];
  const key = createHash('sha256')
    .update(readFileSync(builder))
    .update(readFileSync('node_modules/@actual-app/api/package.json'))
    .update(JSON.stringify([args, new Date().toDateString()]))
    .digest('hex')
    .slice(0, 16);
  const kept = join('node_modules/.cache/coffer-budget-interop', key);
  if (!existsSync(join(kept, 'actual.json'))) {
    const out = join(work, 'actual.json');
    await promisify(execFile)(process.execPath, [builder, work, out, ...args], { maxBuffer: 64 * 1024 * 1024 }); // prettier-ignore
    const made = JSON.parse(readFileSync(out, 'utf8')) as ActualResult;
    // Written beside, then renamed: a run beside this one never reads half a folder.
    const next = `${kept}.${process.pid}`;
    mkdirSync(next, { recursive: true });
    copyFileSync(join(made.dir, 'db.sqlite'), join(next, 'db.sqlite'));
    copyFileSync(out, join(next, 'actual.json'));
    try {
      renameSync(next, kept);
    } catch {
      rmSync(next, { recursive: true, force: true }); // another run kept it first
    }
  }
  const result = JSON.parse(readFileSync(join(kept, 'actual.json'), 'utf8')) as ActualResult;
  return { result, db: join(kept, 'db.sqlite') };
}

beforeAll(async () => {
  // tmpfs when there is one: Actual commits often, and each commit waits for the disk.
  work = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'coffer-budget-interop-')); // prettier-ignore
  const built = await actualBudget();
  actual = built.result;
  const copy = join(work, 'coffer.sqlite');
  copyFileSync(built.db, copy);
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
