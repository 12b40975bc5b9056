/**
 * Property: whatever sequence of edits reaches the database through the write path
 * (transactions and splits, budget actions, category moves and deletes, account flips,
 * mapping changes, a budget type switch, undo and redo, messages from another device), the
 * live sheet equals a sheet computed from scratch out of the database, and each category's
 * budgeted sum over a span (`budgeted-sums`) equals its budget cells summed one by one.
 */
import { deserializeValue } from '@coffer/crdt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Month } from '../budget/index.ts';
import { addMonths, monthRange, sheetForMonth } from '../budget/index.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import type { Message } from '../sync/types.ts';
import { BudgetEngine } from './engine.ts';
import {
  IDS,
  builtValues,
  freshValues,
  openBudgetCore,
  sheetValues,
  sorted,
} from './test-helpers/budget-core.ts';

const idx = fc.nat(50);
const amount = fc.integer({ min: -60_000, max: 60_000 });
/** Up to 2024-10: past the last month a clock at 2023-08 creates, until time moves on. */
const monthIdx = fc.integer({ min: 0, max: 24 });
/** Day 0 and days past a month's end are stored dates no month counts. */
const day = fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constantFrom(0, 29, 30, 31));

const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('tx' as const), acct: idx, cat: idx, m: monthIdx, day, amount }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('split' as const), acct: idx, m: monthIdx, day, parts: fc.array(fc.record({ cat: idx, amount }), { minLength: 1, maxLength: 3 }) }) },
  { weight: 5, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: idx, field: fc.constantFrom('amount', 'date', 'category', 'acct', 'tombstone', 'parent'), v: fc.integer({ min: -60_000, max: 60_000 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('budget' as const), m: monthIdx, cat: idx, amount }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('row' as const), m: fc.integer({ min: -40, max: 80 }), cat: idx, amount }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('hold' as const), m: monthIdx, amount }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('resetHold' as const), m: monthIdx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('carryover' as const), m: monthIdx, cat: idx, flag: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('transfer' as const), m: monthIdx, from: idx, to: idx, amount }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('cover' as const), m: monthIdx, from: idx, to: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constantFrom('avg' as const, 'copy' as const, 'zero' as const), m: monthIdx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('move' as const), cat: idx, group: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('delete' as const), cat: idx, target: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deleteGroup' as const), group: idx, target: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('restore' as const), cat: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('newCat' as const), group: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('flip' as const), acct: idx }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('remap' as const), cat: idx, target: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('type' as const) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('reopen' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('time' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deleteBare' as const), cat: idx }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('remote' as const), tx: idx, acct: idx, cat: idx, m: monthIdx, day, amount }) },
); // prettier-ignore

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const FIRST: Month = '2023-01';
/** Spans reaching before and past every month made, inside them, and one month. */
const SPANS: [Month, Month][] = [['2020-01', '2026-12'], ['2023-02', '2023-09'], ['2024-03', '2024-03']]; // prettier-ignore

/** Each category's `budget` cells summed over the months of a span, cell by cell. */
function cellSums(engine: BudgetEngine, start: Month, end: Month, categories: string[]) {
  return categories.map((category) => {
    const names = monthRange(start, end).map((m) => `${sheetForMonth(m)}!budget-${category}`);
    const amount = engine.getCells(names).reduce((s, c) => s + (typeof c.value === 'number' ? c.value : 0), 0); // prettier-ignore
    return { category, amount };
  });
}

/** Each category's `budget` cell of each month of a span that is not 0, cell by cell. */
function cellsByMonth(engine: BudgetEngine, start: Month, end: Month, categories: string[]) {
  return categories.flatMap((category) =>
    monthRange(start, end).flatMap((month) => {
      const value = engine.getCells([`${sheetForMonth(month)}!budget-${category}`])[0]!.value;
      return typeof value === 'number' && value !== 0 ? [{ category, month, amount: value }] : [];
    }),
  );
}

function sortedCells(rows: unknown) {
  if (!Array.isArray(rows)) return rows;
  const key = (r: { category: string; month: string }) => `${r.category} ${r.month}`;
  return [...(rows as Array<{ category: string; month: string }>)].sort((a, b) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0,
  );
}

async function runSequence(ops: Op[], seed: number): Promise<void> {
  const f = await openBudgetCore({ seed });
  const { core, budget, platform } = f;
  const db = budget.db;
  const replica = memoryBudgetDb({ platform }).db;
  let seen = '';
  const cats: string[] = [...IDS.income, ...IDS.expenses];
  const groups: string[] = [IDS.incomeGroup, ...IDS.groups];
  const accounts = [...IDS.onBudget, ...IDS.offBudget, 'ghost-account'];
  const txs: string[] = [];
  const parents: string[] = [];
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
  /** A category id, sometimes none or one without a mapping row. */
  const cat = (i: number): string | null =>
    i % 13 === 12 ? null : i % 13 === 11 ? 'unmapped' : pick(cats, i);
  const month = (m: number): Month => addMonths(FIRST, m - 3);
  const date = (m: number, d: number): number => Number(month(m).replace('-', '')) * 100 + d;
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  /** A second sheet opened from the cache mid-sequence, then kept current alongside. */
  let reopened: BudgetEngine | null = null;

  for (const o of ops) {
    platform.clock.advance(1000);
    switch (o.k) {
      case 'tx': {
        const id = db.insert('transactions', {
          acct: pick(accounts, o.acct),
          category: cat(o.cat),
          date: date(o.m, o.day),
          amount: o.amount,
        });
        txs.push(id);
        break;
      }
      case 'split': {
        const acct = pick(accounts, o.acct);
        const total = o.parts.reduce((s, p) => s + p.amount, 0);
        db.batch(() => {
          const parent = db.insert('transactions', {
            acct,
            date: date(o.m, o.day),
            amount: total,
            isParent: 1,
          });
          parents.push(parent);
          txs.push(parent);
          for (const p of o.parts) {
            txs.push(
              db.insert('transactions', {
                acct,
                date: date(o.m, o.day),
                amount: p.amount,
                category: cat(p.cat),
                isChild: 1,
                parent_id: parent,
              }),
            );
          }
        });
        break;
      }
      case 'edit': {
        if (txs.length === 0) break;
        const id = pick(txs, o.tx);
        const row = budget.sqlite.first<{ tombstone: number }>(
          'SELECT tombstone FROM transactions WHERE id = ?',
          [id],
        )!;
        const v = Math.abs(o.v);
        if (o.field === 'amount') db.update('transactions', { id, amount: o.v });
        else if (o.field === 'date') db.update('transactions', { id, date: date(v % 25, (v % 31) + 1) });
        else if (o.field === 'category') db.update('transactions', { id, category: cat(v) });
        else if (o.field === 'acct') db.update('transactions', { id, acct: pick(accounts, v) });
        else if (o.field === 'tombstone') db.update('transactions', { id, tombstone: row.tombstone ? 0 : 1 });
        else if (parents.length > 0) {
          const p = pick(parents, v);
          db.update('transactions', { id: p, tombstone: budget.sqlite.first<{ t: number }>('SELECT tombstone AS t FROM transactions WHERE id = ?', [p])!.t ? 0 : 1 });
        } // prettier-ignore
        break;
      }
      case 'budget':
        await send('budget/budget-amount', { month: month(o.m), category: pick(cats, o.cat), amount: o.amount }); // prettier-ignore
        break;
      case 'row': {
        // A budget row as another client may write it: any month (made or not), any category.
        const table = f.engine().budgetType === 'report' ? 'reflect_budgets' : 'zero_budgets';
        const m = Number(month(o.m).replace('-', ''));
        const id = `${m}-${pick(cats, o.cat)}`;
        const exists = budget.sqlite.first('SELECT 1 FROM ' + table + ' WHERE id = ?', [id]);
        if (exists) db.update(table, { id, amount: o.amount });
        else db.insert(table, { id, month: m, category: pick(cats, o.cat), amount: o.amount });
        break;
      }
      case 'hold':
        await send('budget/hold-for-next-month', { month: month(o.m), amount: o.amount });
        break;
      case 'resetHold':
        await send('budget/reset-hold', { month: month(o.m) });
        break;
      case 'carryover':
        await send('budget/set-carryover', { startMonth: month(o.m), category: pick(cats, o.cat), flag: o.flag }); // prettier-ignore
        break;
      case 'transfer':
        await send('budget/transfer-category', { month: month(o.m), amount: o.amount, from: pick(cats, o.from), to: o.to % 5 === 0 ? 'to-be-budgeted' : pick(cats, o.to) }); // prettier-ignore
        break;
      case 'cover':
        await send('budget/cover-overspending', { month: month(o.m), to: pick(cats, o.to), from: o.from % 4 === 0 ? 'to-be-budgeted' : pick(cats, o.from) }); // prettier-ignore
        break;
      case 'avg':
        await send('budget/set-3month-avg', { month: month(o.m) });
        break;
      case 'copy':
        await send('budget/copy-previous-month', { month: month(o.m) });
        break;
      case 'zero':
        await send('budget/set-zero', { month: month(o.m) });
        break;
      case 'move':
        await send('category-move', { id: pick(cats, o.cat), groupId: pick(groups, o.group) });
        break;
      case 'delete':
        await send('category-delete', { id: pick(cats, o.cat), transferId: pick(cats, o.target) });
        break;
      case 'deleteGroup':
        await send('category-group-delete', { id: pick(groups, o.group), transferId: pick(cats, o.target) }); // prettier-ignore
        break;
      case 'restore':
        db.update('categories', { id: pick(cats, o.cat), tombstone: 0 });
        break;
      case 'newCat': {
        const group = pick(groups, o.group);
        const income = group === IDS.incomeGroup ? 1 : 0;
        const id = `new-${cats.length}`;
        db.batch(() => {
          db.insert('categories', { id, name: id, cat_group: group, is_income: income });
          db.insert('category_mapping', { id, transferId: id });
        });
        cats.push(id);
        break;
      }
      case 'flip': {
        const id = pick(accounts.slice(0, 3), o.acct);
        const row = budget.sqlite.first<{ offbudget: number }>('SELECT offbudget FROM accounts WHERE id = ?', [id])!; // prettier-ignore
        db.update('accounts', { id, offbudget: row.offbudget ? 0 : 1 });
        break;
      }
      case 'remap':
        db.update('category_mapping', { id: pick(cats, o.cat), transferId: pick(cats, o.target) });
        break;
      case 'type':
        await send('budget-set-type', { type: f.engine().budgetType === 'rollover' ? 'report' : 'rollover' }); // prettier-ignore
        break;
      case 'undo':
      case 'redo':
        await send(o.k);
        break;
      case 'time':
        platform.clock.advance(40 * 86_400_000);
        break;
      case 'deleteBare':
        // As another device's delete arrives: no transfer, the mapping stays.
        db.delete('categories', pick(cats, o.cat));
        break;
      case 'reopen': {
        f.engine().flush();
        reopened?.close();
        reopened = BudgetEngine.open({
          db,
          budgetType: f.engine().budgetType,
          now: () => platform.clock.now(),
          random: platform.random,
        });
        expect(reopened.restoredFromCache).toBe(true);
        break;
      }
      case 'remote': {
        // Another device edits: a new row, or an existing one (its amount and category).
        if (txs.length > 0 && o.tx % 2 === 0) {
          replica.update('transactions', { id: pick(txs, o.tx), amount: o.amount, category: cat(o.cat) }); // prettier-ignore
        } else {
          txs.push(replica.insert('transactions', { acct: pick(accounts, o.acct), category: cat(o.cat), date: date(o.m, o.day), amount: o.amount })); // prettier-ignore
        }
        const stored = replica.getMessagesSince(seen);
        seen = stored.at(-1)?.timestamp ?? seen;
        const messages: Message[] = stored.map((m) => ({ ...m, value: deserializeValue(m.value) }));
        db.applyMessages(messages, { source: 'remote' });
        break;
      }
    }
    await send('get-budget-bounds');
    const engine = f.engine();
    expect(engine.budgetType).toBe(budget.prefs.budgetType ?? 'rollover');
    for (const e of reopened ? [engine, reopened] : [engine]) {
      e.ensureBounds();
      const fresh = freshValues(budget.sqlite, e.budgetType, platform.clock.now(), e.sheet.getBounds()); // prettier-ignore
      // The budget's own engine opens lazily: the months it has built must match already.
      const built = e.sheet.getBuiltBounds();
      expect(sorted(builtValues(sheetValues(e.sheet), built))).toEqual(sorted(builtValues(fresh, built))); // prettier-ignore
    }
    // The budgeted sums the spending report reads equal its budget cells summed month by month.
    const asked = [...cats, 'unmapped', 'never-made'];
    for (const [start, end] of SPANS) {
      const answer = await send('budgeted-sums', { start, end, categories: asked });
      expect(answer).toEqual(cellSums(engine, start, end, asked));
      // By month (the custom report's Budgeted): every cell that is not 0, and only those.
      const byMonth = await send('budgeted-sums', { start, end, categories: asked, byMonth: true });
      expect(sortedCells(byMonth)).toEqual(sortedCells(cellsByMonth(engine, start, end, asked)));
    }
  }
  const engine = f.engine();
  engine.sheet.buildAll();
  const fresh = freshValues(budget.sqlite, engine.budgetType, platform.clock.now(), engine.sheet.getBounds()); // prettier-ignore
  expect(sorted(sheetValues(engine.sheet))).toEqual(sorted(fresh));
  reopened?.close();
}

describe('live budget sheet', () => {
  it('equals a fresh load after any sequence of edits', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        await runSequence(ops, ++run);
      }),
      { numRuns: 60, seed: 20230806 },
    );
  }, 120_000);
});
