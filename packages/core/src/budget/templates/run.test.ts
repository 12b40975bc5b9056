/**
 * Template application on a hand-computed budget. January: income 1000.00, food budgeted 300.00
 * and spent 100.00. February therefore starts with To Budget 700.00 and food carrying 200.00.
 */
import { describe, expect, it } from 'vitest';
import type { BudgetSheet } from '../budget-sheet.ts';
import { build, row, tx } from '../test-helpers/fixtures.ts';
import { occurrencesInMonth } from './dates.ts';
import { checkTemplates, runTemplates, type TemplateMode } from './run.ts';
import { runCleanup } from './cleanup.ts';
import type { ScheduleInfo } from './types.ts';

const NAMES = new Map([
  ['salary', 'Salary'],
  ['rent', 'Rent'],
  ['food', 'Food'],
  ['games', 'Games'],
]);

function sheet(extra: { txs?: ReturnType<typeof tx>[]; budgets?: ReturnType<typeof row>[] } = {}) {
  return build({
    type: 'rollover',
    end: '2024-04',
    budgets: [row('2024-01', 'food', 30000), ...(extra.budgets ?? [])],
    txs: [
      tx('2024-01-03', 100000, 'salary'),
      tx('2024-01-09', -10000, 'food'),
      ...(extra.txs ?? []),
    ],
  });
}

function run(
  s: BudgetSheet,
  notes: Record<string, string>,
  mode: TemplateMode = 'overwrite',
  schedules: Record<string, ScheduleInfo> = {},
) {
  return runTemplates(
    s,
    {
      month: '2024-02',
      notes: new Map(Object.entries(notes)),
      names: NAMES,
      schedules: new Map(Object.entries(schedules)),
    },
    mode,
  );
}

const amounts = (r: ReturnType<typeof run>) =>
  Object.fromEntries(
    r.writes.map((w) => [
      w.kind === 'budget' ? w.category : '?',
      w.kind === 'budget' ? w.amount : 0,
    ]),
  );

describe('applying templates', () => {
  it('starts February from the hand-computed state', () => {
    const s = sheet();
    expect(s.getValue('2024-02', 'to-budget')).toBe(70000);
    expect(s.getValue('2024-02', 'leftover-food')).toBe(20000);
  });

  const notes = { rent: '#template 500', food: '#template up to 300', games: '#template-1 400' };

  it('runs priority 0 freely, later priorities within the funds, and caps "up to"', () => {
    const r = run(sheet(), notes);
    // Food holds 200 already: "up to 300" budgets only 100. Games wants 400 but 100 is left.
    expect(amounts(r)).toEqual({ rent: 50000, food: 10000, games: 10000 });
    expect(r.errors).toEqual(['Games: not enough funds for priority 1']);
    expect(r.notification).toMatchObject({ type: 'message', sticky: true });
  });

  it('apply fills only categories still at zero', () => {
    const s = sheet({ budgets: [row('2024-02', 'rent', 1000)] });
    const r = run(s, notes, 'apply');
    // Rent keeps its 10.00; the pot is 690.00, enough for games at priority 1.
    expect(amounts(r)).toEqual({ food: 10000, games: 40000 });
    expect(r.errors).toEqual([]);
    expect(r.notification).toEqual({
      type: 'message',
      message: 'Templates set the budget of 2 categories.',
    });
  });

  it('apply-single-template touches one category', () => {
    expect(amounts(run(sheet(), notes, { category: 'food' }))).toEqual({ food: 10000 });
  });

  it('"up to … hold" never takes money away', () => {
    expect(amounts(run(sheet(), { food: '#template up to 150 hold' }))).toEqual({});
    expect(amounts(run(sheet(), { food: '#template up to 150' }))).toEqual({ food: -5000 });
  });

  it('shares the remainder by weight, the last taking the rounding', () => {
    const r = run(sheet(), { rent: '#template remainder 2', games: '#template remainder' });
    expect(amounts(r)).toEqual({ rent: 46666, games: 23334 });
  });

  it('saves toward a dated target, repeating or not', () => {
    expect(amounts(run(sheet(), { games: '#template 1200 by 2024-06' }))).toEqual({ games: 24000 });
    expect(
      amounts(run(sheet(), { games: '#template 1200 by 2023-12 repeat every 6 months' })),
    ).toEqual({
      games: 24000,
    });
    // Food already holds 200 toward 500 by April: 300 over three months.
    expect(amounts(run(sheet(), { food: '#template 500 by 2024-04' }))).toEqual({ food: 10000 });
    const past = run(sheet(), { games: '#template 100 by 2023-12' });
    expect(past.writes).toEqual([]);
    expect(past.errors).toEqual(['Games, line 1: 2023-12 is in the past']);
    expect(past.notification.type).toBe('error');
  });

  it('counts spending since "spend from" as already saved', () => {
    // Window opened in January: food had 300 budgeted then; target 900 by March → 600 over 2 months.
    const r = run(sheet(), { food: '#template 900 by 2024-03 spend from 2024-01' });
    expect(amounts(r)).toEqual({ food: 30000 });
  });

  it('budgets repeating amounts by the occurrences in the month', () => {
    expect(
      amounts(run(sheet(), { games: '#template 10 repeat every week starting 2024-01-05' })),
    ).toEqual({
      games: 4000,
    });
    expect(
      amounts(run(sheet(), { games: '#template 10 repeat every 2 weeks starting 2024-01-05' })),
    ).toEqual({
      games: 2000,
    });
    expect(occurrencesInMonth('2024-02-01', 'month', 3, '2024-02')).toBe(1);
    expect(occurrencesInMonth('2024-02-01', 'month', 3, '2024-03')).toBe(0);
    expect(occurrencesInMonth('2024-02-01', 'year', 1, '2025-02')).toBe(1);
    expect(occurrencesInMonth('2024-03-01', 'day', 1, '2024-02')).toBe(0);
    expect(occurrencesInMonth('2024-02-28', 'day', 1, '2024-02')).toBe(2);
  });

  it('budgets a percentage of income or of available funds', () => {
    const s = sheet({ txs: [tx('2024-02-01', 200000, 'salary')] });
    expect(amounts(run(s, { games: '#template 10% of all income' }))).toEqual({ games: 20000 });
    expect(amounts(run(s, { games: '#template 10% of previous Salary' }))).toEqual({
      games: 10000,
    });
    // Available funds: February's To Budget, 700 + 2000 income.
    expect(amounts(run(s, { games: '#template 5% of available funds' }))).toEqual({ games: 13500 });
    expect(run(s, { games: '#template 5% of Lottery' }).errors).toEqual([
      'Games, line 1: There is no income category named "Lottery"',
    ]);
  });

  it('funds schedules over the months before they are due', () => {
    const schedules = {
      Insurance: { amount: -60000, dates: ['2024-04-15'] },
      Gym: { amount: -5000, dates: ['2024-02-01', '2024-02-15', '2024-03-01'] },
    };
    expect(
      amounts(run(sheet(), { games: '#template schedule Insurance' }, 'overwrite', schedules)),
    ).toEqual({
      games: 20000,
    });
    expect(
      amounts(run(sheet(), { games: '#template schedule full Insurance' }, 'overwrite', schedules)),
    ).toEqual({});
    expect(
      amounts(run(sheet(), { games: '#template schedule Gym' }, 'overwrite', schedules)),
    ).toEqual({
      games: 10000,
    });
    expect(
      run(sheet(), { games: '#template schedule Nope' }, 'overwrite', schedules).errors,
    ).toEqual(['Games, line 1: Schedule "Nope" does not exist']);
  });

  it('records goals, skips income and reports syntax errors by line', () => {
    const r = run(sheet(), {
      games: 'Saving up\n#goal 500',
      salary: '#template 100',
      rent: 'x\n#template fifty',
    });
    expect(r.writes).toEqual([]);
    expect(r.goals).toEqual(new Map([['games', 50000]]));
    expect(r.errors).toEqual([
      "Rent, line 2: Expected an amount, 'up to', a percentage or a keyword, found 'fifty'\n#template fifty\n          ^",
    ]);
  });

  it('refuses two "up to" limits in one category', () => {
    const r = run(sheet(), { food: '#template up to 100\n#template 5 up to 200' });
    expect(r.writes).toEqual([]);
    expect(r.errors).toEqual(['Food: more than one "up to" limit; the category was skipped']);
  });
});

describe('check-templates', () => {
  it('passes valid notes and lists every problem otherwise', () => {
    const s = sheet();
    const input = (notes: Record<string, string>) => ({
      notes: new Map(Object.entries(notes)),
      names: NAMES,
      schedules: new Map([['Gym', { amount: -1, dates: [] }]]),
    });
    expect(checkTemplates(s, input({ food: '#template 10\n#template schedule Gym' }))).toEqual({
      type: 'message',
      message: 'All templates are valid.',
    });
    const bad = checkTemplates(
      s,
      input({ food: '#template 10 of\n#template schedule Pool\n#template 3% of Bonus' }),
    );
    expect(bad.type).toBe('error');
    expect(bad.pre?.split('\n\n')).toEqual([
      "Food, line 1: Unexpected 'of'\n#template 10 of\n             ^",
      'Food, line 2: Schedule "Pool" does not exist\n#template schedule Pool\n^',
      'Food, line 3: There is no income category named "Bonus"\n#template 3% of Bonus\n^',
    ]);
  });
});

describe('cleanup', () => {
  const s = () => sheet({ txs: [tx('2024-02-09', -5000, 'games')] });
  const clean = (notes: Record<string, string>) =>
    runCleanup(s(), { month: '2024-02', notes: new Map(Object.entries(notes)), names: NAMES });
  const moved = (r: ReturnType<typeof clean>) =>
    Object.fromEntries(
      r.writes.map((w) => [
        w.kind === 'budget' ? w.category : '?',
        w.kind === 'budget' ? w.amount : 0,
      ]),
    );

  it('returns sources, covers overspending, then fills the sinks', () => {
    // Food gives back 200 (pot 900), games' 50 overspending is covered (850), rent takes the rest.
    const r = clean({ food: '#cleanup source', rent: '#cleanup sink' });
    expect(moved(r)).toEqual({ food: -20000, games: 5000, rent: 85000 });
    expect(r.notification).toEqual({
      type: 'message',
      message: 'Cleanup returned money from 1 source and funded 1 sink.',
    });
  });

  it('splits between sinks by weight', () => {
    const r = clean({ food: '#cleanup source', rent: '#cleanup sink 2', games: '#cleanup sink' });
    expect(moved(r)).toEqual({ food: -20000, games: 5000 + 28334, rent: 56666 });
  });

  it('keeps a group source inside its group', () => {
    const r = clean({ food: '#cleanup Fam source', games: '#cleanup Fam sink' });
    // Games receives food's 200, so it is no longer overspent; To Budget stays 700.
    expect(moved(r)).toEqual({ food: -20000, games: 20000 });
  });
});
