import { describe, expect, it } from 'vitest';
import {
  changeAmountOp,
  formConditions,
  formErrors,
  formFromSchedule,
  newScheduleForm,
} from './schedule-form.ts';
import {
  addPattern,
  patternValues,
  removePattern,
  setFrequency,
  updatePattern,
  wholeCount,
} from '../kit/pickers/recurrence-form.ts';
import type { ScheduleRow } from './schedule-logic.ts';

const TODAY = '2024-05-06';

describe('the schedule form', () => {
  it('starts as a payment of about an amount, every month from today', () => {
    const form = newScheduleForm(TODAY);
    expect(form).toMatchObject({ amountOp: 'isapprox', outflow: true, repeats: true });
    expect(form.recurrence).toMatchObject({
      start: TODAY,
      frequency: 'monthly',
      interval: 1,
      patterns: [],
      endMode: 'never',
    });
    expect(formErrors(form)).toEqual({ amount: 'Value cannot be empty' });
  });

  it('turns into the rule conditions, a payment negative and a range ordered', () => {
    const form = { ...newScheduleForm(TODAY), payee: 'p1', account: 'a1', amount: 4550 };
    expect(formConditions(form, 'p1')).toEqual([
      { op: 'is', field: 'payee', value: 'p1', type: 'id' },
      { op: 'is', field: 'account', value: 'a1', type: 'id' },
      { op: 'isapprox', field: 'amount', value: -4550, type: 'number' },
      {
        op: 'isapprox',
        field: 'date',
        value: expect.objectContaining({ start: TODAY }),
        type: 'date',
      },
    ]);
    const range = { ...changeAmountOp(form, 'isbetween'), amount: 11000, amount2: 9000 };
    expect(formConditions(range, 'p1')[2]).toEqual({
      op: 'isbetween',
      field: 'amount',
      value: { num1: -11000, num2: -9000 },
      type: 'number',
    });
    const income = { ...range, outflow: false };
    expect(formConditions(income, null)[1]).toMatchObject({ value: { num1: 9000, num2: 11000 } });
    // No payee: no payee condition.
    expect(formConditions(income, null).map((c) => c.field)).toEqual(['account', 'amount', 'date']);
    // An update says that the payee was cleared, so the core removes the old one.
    expect(formConditions(income, null, { clearEmpty: true })[0]).toEqual({
      op: 'is',
      field: 'payee',
      value: null,
      type: 'id',
    });
    expect(formErrors({ ...range, amount2: null })).toEqual({ amount: 'Value cannot be empty' });
  });

  it('saves an interval or a count that is not a positive integer as 1', () => {
    const form = {
      ...newScheduleForm(TODAY),
      amount: 100,
      recurrence: {
        ...newScheduleForm(TODAY).recurrence,
        frequency: 'weekly' as const,
        interval: '0',
        endMode: 'after_n_occurrences' as const,
        endOccurrences: 'x',
        patterns: [{ type: 'day' as const, value: 3 }],
      },
    };
    const date = formConditions(form, null).find((c) => c.field === 'date')!.value;
    expect(date).toMatchObject({ interval: 1, endOccurrences: 1, patterns: [] });
    expect(wholeCount('3')).toBe(3);
    expect(wholeCount('2.7')).toBe(2);
    expect(wholeCount('-1')).toBe(1);
    expect(wholeCount('')).toBe(1);
  });

  it('reads a schedule back, one-off or recurring, and keeps the date operator', () => {
    const row: ScheduleRow = {
      id: 's1',
      name: 'Gym',
      rule: 'r1',
      next_date: '2024-05-10',
      completed: false,
      posts_transaction: true,
      _payee: 'p1',
      _account: 'a1',
      _amount: { num1: -5000, num2: -4000 },
      _amountOp: 'isbetween',
      _date: '2024-05-10',
    };
    const oneOff = formFromSchedule(row, 'is', TODAY);
    expect(oneOff).toMatchObject({
      name: 'Gym',
      amountOp: 'isbetween',
      outflow: true,
      amount: 4000,
      amount2: 5000,
      repeats: false,
      date: '2024-05-10',
      dateOp: 'is',
      postsTransaction: true,
    });
    const recurring = formFromSchedule(
      {
        ...row,
        _amount: 2500,
        _amountOp: 'is',
        _date: {
          start: '2024-01-31',
          frequency: 'monthly',
          interval: null,
          patterns: [{ type: 'FR', value: -1 }],
        },
      },
      'isapprox',
      TODAY,
    );
    expect(recurring).toMatchObject({
      outflow: false,
      amount: 2500,
      repeats: true,
      dateOp: 'isapprox',
    });
    // Missing fields take the defaults.
    expect(recurring.recurrence).toMatchObject({
      start: '2024-01-31',
      interval: 1,
      patterns: [{ type: 'FR', value: -1 }],
      endMode: 'never',
    });
  });
});

describe('the recurrence popup', () => {
  const start = newScheduleForm('2024-05-17').recurrence;

  it('offers 1st-31st and Last for a day, 1st-5th and Last for a weekday', () => {
    const day = patternValues('day');
    expect(day).toHaveLength(32);
    expect(day[0]).toEqual([1, '1st']);
    expect(day[21]).toEqual([22, '22nd']);
    expect(day[31]).toEqual([-1, 'Last']);
    expect(patternValues('FR').map(([, t]) => t)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '5th',
      'Last',
    ]);
  });

  it('adds the start date’s day, caps a weekday at the fifth, removes', () => {
    let c = addPattern(start);
    expect(c.patterns).toEqual([{ type: 'day', value: 17 }]);
    c = updatePattern(c, 0, { type: 'TU' });
    expect(c.patterns).toEqual([{ type: 'TU', value: 5 }]);
    c = updatePattern(addPattern(c), 1, { value: -1 });
    expect(c.patterns).toEqual([
      { type: 'TU', value: 5 },
      { type: 'day', value: -1 },
    ]);
    expect(removePattern(c, 0).patterns).toEqual([{ type: 'day', value: -1 }]);
  });

  it('clears the patterns when the frequency changes, unless to monthly', () => {
    const c = addPattern(start);
    expect(setFrequency(c, 'monthly').patterns).toHaveLength(1);
    expect(setFrequency(c, 'weekly').patterns).toEqual([]);
    expect(setFrequency(c, 'yearly')).toMatchObject({ frequency: 'yearly', patterns: [] });
  });
});
