/**
 * Property: after any sequence of edits (inputs, category tree, month range, budget type), the
 * incrementally maintained sheet holds exactly the cells and values of a sheet built from
 * scratch on the final inputs; the change notifications replay to the same values; and a sheet
 * restored from a cache plus later input edits matches too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetSheet, type BudgetSheetInit } from './budget-sheet.ts';
import { addMonths, monthForSheet, monthRange, sheetForMonth } from '../calendar/months.ts';
import type { CellValue } from './sheet-engine.ts';
import type { BudgetRow, BudgetType, CategoryInfo, GroupInfo } from './types.ts';

const BASE = '2023-10';
const MONTHS = monthRange(BASE, addMonths(BASE, 8));
const CATS = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
const GROUPS = ['g0', 'g1', 'g2', 'g3'];

type Op =
  | { op: 'budget'; m: number; cat: string; amount: number }
  | { op: 'carryover'; m: number; cat: string; flag: boolean }
  | { op: 'buffered'; m: number; amount: number }
  | { op: 'spent'; m: number; cat: string; amount: number }
  | { op: 'addCategory'; cat: string; group: string; isIncome: boolean }
  | { op: 'removeCategory'; cat: string }
  | { op: 'addGroup'; group: string; isIncome: boolean }
  | { op: 'removeGroup'; group: string }
  | { op: 'extend'; start: number; end: number }
  | { op: 'switchType' }
  | { op: 'batch'; ops: Op[] };

const month = fc.integer({ min: 0, max: MONTHS.length - 1 });
const cat = fc.constantFrom(...CATS);
const group = fc.constantFrom(...GROUPS);
const amount = fc.integer({ min: -50_000, max: 50_000 });

const inputOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('budget' as const), m: month, cat, amount }),
  fc.record({ op: fc.constant('carryover' as const), m: month, cat, flag: fc.boolean() }),
  fc.record({ op: fc.constant('buffered' as const), m: month, amount }),
  fc.record({ op: fc.constant('spent' as const), m: month, cat, amount }),
);

const structureOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('addCategory' as const),
    cat,
    group,
    isIncome: fc.boolean(),
  }),
  fc.record({ op: fc.constant('removeCategory' as const), cat }),
  fc.record({ op: fc.constant('addGroup' as const), group, isIncome: fc.boolean() }),
  fc.record({ op: fc.constant('removeGroup' as const), group }),
  fc.record({ op: fc.constant('extend' as const), start: month, end: month }),
  fc.constant({ op: 'switchType' as const }),
);

const anyOp: fc.Arbitrary<Op> = fc.letrec((tie) => ({
  op: fc.oneof(
    { weight: 3, arbitrary: inputOp },
    { weight: 2, arbitrary: structureOp },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('batch' as const),
        ops: fc.array(tie('op') as fc.Arbitrary<Op>, { maxLength: 4 }),
      }),
    },
  ),
})).op as fc.Arbitrary<Op>;

/** The inputs a database would hold; the sheet under test must agree with a fresh build. */
class Model {
  type: BudgetType = 'rollover';
  start = '2024-01';
  end = '2024-03';
  groups = new Map<string, GroupInfo>([
    ['g0', { id: 'g0', isIncome: true }],
    ['g1', { id: 'g1', isIncome: false }],
  ]);
  categories = new Map<string, CategoryInfo>([
    ['c0', { id: 'c0', groupId: 'g0', isIncome: true }],
    ['c1', { id: 'c1', groupId: 'g1', isIncome: false }],
    ['c2', { id: 'c2', groupId: 'g1', isIncome: false }],
  ]);
  rows: Record<BudgetType, Map<string, BudgetRow & { month: string; category: string }>> = {
    rollover: new Map(),
    report: new Map(),
  };
  buffered = new Map<string, number>();
  spent = new Map<string, { month: string; category: string; amount: number }>();

  init(): BudgetSheetInit {
    return {
      budgetType: this.type,
      bounds: { start: this.start, end: this.end },
      groups: [...this.groups.values()],
      categories: [...this.categories.values()],
      budgets: [...this.rows[this.type].values()],
      buffered: [...this.buffered].map(([m, a]) => ({ month: m, amount: a })),
      spent: [...this.spent.values()],
    };
  }

  row(m: string, c: string): BudgetRow {
    return this.rows[this.type].get(`${m}|${c}`) ?? { amount: 0, carryover: false };
  }

  apply(sheet: BudgetSheet, op: Op): void {
    switch (op.op) {
      case 'budget':
      case 'carryover': {
        const m = MONTHS[op.m] as string;
        const r = { ...this.row(m, op.cat), month: m, category: op.cat };
        if (op.op === 'budget') r.amount = op.amount;
        else r.carryover = op.flag;
        this.rows[this.type].set(`${m}|${op.cat}`, r);
        if (op.op === 'budget') sheet.setBudgetAmount(m, op.cat, op.amount);
        else sheet.setCarryover(m, op.cat, op.flag);
        return;
      }
      case 'buffered':
        this.buffered.set(MONTHS[op.m] as string, op.amount);
        sheet.setBuffered(MONTHS[op.m] as string, op.amount);
        return;
      case 'spent': {
        const m = MONTHS[op.m] as string;
        this.spent.set(`${m}|${op.cat}`, { month: m, category: op.cat, amount: op.amount });
        sheet.setSpent(m, op.cat, op.amount);
        return;
      }
      case 'addCategory': {
        const c = { id: op.cat, groupId: op.group, isIncome: op.isIncome };
        this.categories.set(op.cat, c);
        sheet.addCategory(c);
        return;
      }
      case 'removeCategory':
        this.categories.delete(op.cat);
        sheet.removeCategory(op.cat);
        return;
      case 'addGroup': {
        const g = { id: op.group, isIncome: op.isIncome };
        this.groups.set(op.group, g);
        sheet.addGroup(g);
        return;
      }
      case 'removeGroup':
        this.groups.delete(op.group);
        sheet.removeGroup(op.group);
        return;
      case 'extend': {
        const a = MONTHS[Math.min(op.start, op.end)] as string;
        const b = MONTHS[Math.max(op.start, op.end)] as string;
        const got = sheet.ensureMonths({ start: a, end: b });
        this.start = a < this.start ? a : this.start;
        this.end = b > this.end ? b : this.end;
        expect(got).toEqual({ start: this.start, end: this.end });
        return;
      }
      case 'switchType':
        this.type = this.type === 'rollover' ? 'report' : 'rollover';
        sheet.setBudgetType(this.type, [...this.rows[this.type].values()]);
        return;
      case 'batch':
        sheet.batch(() => op.ops.forEach((o) => this.apply(sheet, o)));
        return;
    }
  }
}

function values(sheet: BudgetSheet): Map<string, CellValue> {
  return new Map(sheet.snapshot('k').values);
}

describe('incremental budget sheet', () => {
  it('equals a fresh build after any edit sequence, and its notifications replay', () => {
    fc.assert(
      fc.property(fc.array(anyOp, { maxLength: 25 }), (ops) => {
        const model = new Model();
        const sheet = BudgetSheet.create(model.init());
        const mirror = values(sheet);
        sheet.onCellsChanged((changes) => {
          for (const { name, value } of changes) {
            if (value === null) mirror.delete(name);
            else mirror.set(name, value);
          }
        });
        for (const op of ops) model.apply(sheet, op);

        const fresh = values(BudgetSheet.create(model.init()));
        const actual = values(sheet);
        expect(actual).toEqual(fresh);
        expect(mirror).toEqual(actual);
      }),
      { numRuns: 300 },
    );
  });

  it('restores from a cache and recomputes from inputs and months that changed since', () => {
    fc.assert(
      fc.property(
        fc.array(anyOp, { maxLength: 10 }),
        fc.array(
          fc.oneof(
            { weight: 4, arbitrary: inputOp },
            {
              weight: 1,
              arbitrary: fc.record({
                op: fc.constant('extend' as const),
                start: month,
                end: month,
              }),
            },
          ),
          { maxLength: 10 },
        ),
        (before, after) => {
          const model = new Model();
          const sheet = BudgetSheet.create(model.init());
          for (const op of before) model.apply(sheet, op);
          const cache = sheet.snapshot('key-1');
          for (const op of after) model.apply(sheet, op);

          const restored = BudgetSheet.create(model.init(), { cache, cacheKey: 'key-1' });
          expect(restored.restoredFromCache).toBe(true);
          expect(values(restored)).toEqual(values(BudgetSheet.create(model.init())));
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The cells of the months `sheet` has built, by name. */
function builtValues(sheet: BudgetSheet): Map<string, CellValue> {
  const b = sheet.getBuiltBounds();
  const out = new Map<string, CellValue>();
  if (!b) return out;
  for (const [name, value] of sheet.snapshot('k').values) {
    const m = monthForSheet(name.slice(0, name.indexOf('!')));
    if (m !== null && m >= b.start && m <= b.end) out.set(name, value);
  }
  return out;
}

function only(values: Map<string, CellValue>, keep: Map<string, CellValue>) {
  return new Map([...values].filter(([name]) => keep.has(name)));
}

type LazyOp = { op: 'view'; m: number } | { op: 'step'; n: number } | { op: 'edit'; edit: Op };

const lazyOp: fc.Arbitrary<LazyOp> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('view' as const), m: month }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('step' as const), n: fc.integer({ min: 1, max: 3 }) }),
  },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('edit' as const), edit: anyOp }) },
);

describe('lazily built budget sheet', () => {
  it('shows the figures of a full build in every month it has built, after any moves and edits', () => {
    fc.assert(
      fc.property(month, month, fc.array(lazyOp, { maxLength: 25 }), (a, b, ops) => {
        const model = new Model();
        const focus = { start: MONTHS[Math.min(a, b)] as string, end: MONTHS[Math.max(a, b)] as string }; // prettier-ignore
        const sheet = BudgetSheet.create({ ...model.init(), focus });
        const check = () => {
          const built = builtValues(sheet);
          const fresh = only(values(BudgetSheet.create(model.init())), built);
          expect(built).toEqual(fresh);
        };
        check();
        for (const op of ops) {
          if (op.op === 'edit') model.apply(sheet, op.edit);
          else if (op.op === 'step') sheet.buildStep(op.n);
          else {
            const m = MONTHS[op.m] as string;
            const full = BudgetSheet.create(model.init());
            // A month read before it is built is built first, with the full build's figures.
            expect(sheet.getValue(m, 'to-budget')).toBe(full.getValue(m, 'to-budget'));
            expect(sheet.getCell(sheetForMonth(m), 'total-budgeted')).toEqual(
              full.getCell(sheetForMonth(m), 'total-budgeted'),
            );
          }
          check();
        }
        sheet.buildAll();
        expect(values(sheet)).toEqual(values(BudgetSheet.create(model.init())));
      }),
      { numRuns: 300 },
    );
  });

  it('starts from the month the last session kept only while its inputs are unchanged', () => {
    fc.assert(
      fc.property(
        month,
        month,
        fc.array(anyOp, { maxLength: 10 }),
        fc.array(inputOp, { maxLength: 3 }),
        fc.array(lazyOp, { maxLength: 10 }),
        (a, b, before, since, after) => {
          const model = new Model();
          const focus = { start: MONTHS[Math.min(a, b)] as string, end: MONTHS[Math.max(a, b)] as string }; // prettier-ignore
          const last = BudgetSheet.create({ ...model.init(), focus });
          for (const op of before) model.apply(last, op);
          const kept = last.keptMonth();
          // Edits the kept values never saw (a sync that arrived, a write after the last keep).
          for (const op of since) model.apply(last, op);
          const sheet = BudgetSheet.create({ ...model.init(), focus, kept });
          if (kept && since.length === 0) expect(sheet.restoredKept).toBe(true);
          const check = () => {
            const built = builtValues(sheet);
            expect(built).toEqual(only(values(BudgetSheet.create(model.init())), built));
          };
          check();
          // Then the background's steps (the months before the kept one fold a few at a time),
          // reads of months not built, and edits, in any order.
          for (const op of after) {
            if (op.op === 'edit') model.apply(sheet, op.edit);
            else if (op.op === 'step') sheet.buildStep(op.n);
            else sheet.getValue(MONTHS[op.m] as string, 'to-budget');
            check();
          }
          sheet.buildAll();
          expect(values(sheet)).toEqual(values(BudgetSheet.create(model.init())));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refolds when an input up to the kept month changed, and not for a later one', () => {
    const model = new Model();
    model.end = '2024-06';
    const focus = { start: '2024-05', end: '2024-05' };
    const last = BudgetSheet.create({ ...model.init(), focus });
    const kept = last.keptMonth();
    expect(kept?.month).toBe('2024-04');
    const reopened = (edit: Op) => {
      model.apply(last, edit);
      const sheet = BudgetSheet.create({ ...model.init(), focus, kept });
      expect(sheet.getValue('2024-05', 'to-budget')).toBe(
        BudgetSheet.create(model.init()).getValue('2024-05', 'to-budget'),
      );
      return sheet.restoredKept;
    };
    expect(reopened({ op: 'budget', m: MONTHS.indexOf('2024-06'), cat: 'c1', amount: 700 })).toBe(true); // prettier-ignore
    expect(reopened({ op: 'spent', m: MONTHS.indexOf('2024-04'), cat: 'c2', amount: -300 })).toBe(false); // prettier-ignore
  });

  it('folds the months before a kept one a few per step, to the figures of a full build', () => {
    const model = new Model();
    model.start = '2023-10';
    model.end = '2024-06';
    const focus = { start: '2024-06', end: '2024-06' };
    const last = BudgetSheet.create({ ...model.init(), focus });
    MONTHS.forEach((_, m) => {
      model.apply(last, { op: 'budget', m, cat: 'c1', amount: 100 * (m + 1) });
      model.apply(last, { op: 'spent', m, cat: 'c2', amount: -70 * m });
      model.apply(last, { op: 'spent', m, cat: 'c0', amount: 90 * m });
    });
    const sheet = BudgetSheet.create({ ...model.init(), focus, kept: last.keptMonth() });
    expect(sheet.restoredKept).toBe(true);
    const full = values(BudgetSheet.create(model.init()));
    let steps = 0;
    while (sheet.buildStep(1)) {
      steps++;
      expect(builtValues(sheet)).toEqual(only(full, builtValues(sheet)));
    }
    // Eight months before the kept one fold in two steps, then one month is built per step
    // (the step that builds the last one answers that none is left).
    expect(steps).toBe(2 + 7);
    expect(values(sheet)).toEqual(full);
  });

  it('builds only the months on screen at first, and the rest step by step', () => {
    const model = new Model();
    model.end = '2024-06';
    const sheet = BudgetSheet.create({ ...model.init(), focus: { start: '2024-04', end: '2024-04' } }); // prettier-ignore
    expect(sheet.getBuiltBounds()).toEqual({ start: '2024-04', end: '2024-04' });
    expect(sheet.getMonths()).toEqual(monthRange('2024-01', '2024-06'));
    let steps = 0;
    while (sheet.buildStep(1)) steps++;
    expect(steps).toBe(4);
    expect(sheet.getBuiltBounds()).toEqual({ start: '2024-01', end: '2024-06' });
  });
});

describe('cache validity', () => {
  const model = new Model();
  const cache = BudgetSheet.create(model.init()).snapshot('key-1');

  it('is ignored under another key, budget type or category tree', () => {
    expect(BudgetSheet.create(model.init(), { cache, cacheKey: 'key-2' }).restoredFromCache).toBe(
      false,
    );
    const other = new Model();
    other.type = 'report';
    expect(BudgetSheet.create(other.init(), { cache }).restoredFromCache).toBe(false);
    other.type = 'rollover';
    other.categories.delete('c2');
    expect(BudgetSheet.create(other.init(), { cache }).restoredFromCache).toBe(false);
    expect(BudgetSheet.create(model.init(), { cache }).restoredFromCache).toBe(true);
  });

  it('a restored sheet with unchanged inputs computes nothing', () => {
    const restored = BudgetSheet.create(model.init(), { cache });
    expect(restored.lastComputeCount).toBe(0);
  });

  it('survives a JSON round trip', () => {
    const copy = JSON.parse(JSON.stringify(cache)) as typeof cache;
    const restored = BudgetSheet.create(model.init(), { cache: copy });
    expect(restored.restoredFromCache).toBe(true);
    expect(values(restored)).toEqual(values(BudgetSheet.create(model.init())));
  });
});
