import { describe, expect, it } from 'vitest';
import { formatTemplateError, parseNote } from './parse.ts';

function one(line: string) {
  const parsed = parseNote(line);
  expect(parsed.errors).toEqual([]);
  expect(parsed.templates).toHaveLength(1);
  const {
    line: _l,
    text: _t,
    ...template
  } = parsed.templates[0] as NonNullable<(typeof parsed.templates)[0]>;
  return template;
}

describe('template parser', () => {
  it.each([
    ['#template 50', { type: 'simple', priority: 0, monthly: 5000, limit: null }],
    ['#template $50.5', { type: 'simple', priority: 0, monthly: 5050, limit: null }],
    ['#template € 12.34', { type: 'simple', priority: 0, monthly: 1234, limit: null }],
    [
      '#template up to 150',
      { type: 'simple', priority: 0, monthly: null, limit: { amount: 15000, hold: false } },
    ],
    [
      '#TEMPLATE Up To $150 HOLD',
      { type: 'simple', priority: 0, monthly: null, limit: { amount: 15000, hold: true } },
    ],
    [
      '#template-2 50 up to 300',
      { type: 'simple', priority: 2, monthly: 5000, limit: { amount: 30000, hold: false } },
    ],
    [
      '#template $500 by 2025-03',
      {
        type: 'by',
        priority: 0,
        amount: 50000,
        month: '2025-03',
        spendFrom: null,
        repeatMonths: null,
      },
    ],
    [
      '#template 500 by 2025-03 repeat every 6 months',
      {
        type: 'by',
        priority: 0,
        amount: 50000,
        month: '2025-03',
        spendFrom: null,
        repeatMonths: 6,
      },
    ],
    [
      '#template 500 by 2025-03 repeat every year',
      {
        type: 'by',
        priority: 0,
        amount: 50000,
        month: '2025-03',
        spendFrom: null,
        repeatMonths: 12,
      },
    ],
    [
      '#template 500 by 2024-12 spend from 2024-03 repeat every 2 years',
      {
        type: 'by',
        priority: 0,
        amount: 50000,
        month: '2024-12',
        spendFrom: '2024-03',
        repeatMonths: 24,
      },
    ],
    [
      '#template 10 repeat every week starting 2025-01-03',
      {
        type: 'periodic',
        priority: 0,
        amount: 1000,
        unit: 'week',
        every: 1,
        starting: '2025-01-03',
        limit: null,
      },
    ],
    [
      '#template 10 repeat every 9 weeks starting 2025-01-04 up to 30',
      {
        type: 'periodic',
        priority: 0,
        amount: 1000,
        unit: 'week',
        every: 9,
        starting: '2025-01-04',
        limit: { amount: 3000, hold: false },
      },
    ],
    [
      '#template 100 repeat every 3 months starting 2024-02',
      {
        type: 'periodic',
        priority: 0,
        amount: 10000,
        unit: 'month',
        every: 3,
        starting: '2024-02-01',
        limit: null,
      },
    ],
    [
      '#template 15% of all income',
      { type: 'percentage', priority: 0, percent: 15, previous: false, source: 'all income' },
    ],
    [
      '#template-1 12.5 % of previous Paycheck Two',
      { type: 'percentage', priority: 1, percent: 12.5, previous: true, source: 'Paycheck Two' },
    ],
    [
      '#template schedule Car Insurance (yearly)',
      { type: 'schedule', priority: 0, name: 'Car Insurance (yearly)', full: false },
    ],
    ['#template schedule full Gym', { type: 'schedule', priority: 0, name: 'Gym', full: true }],
    ['#template average 6 months', { type: 'average', priority: 0, months: 6 }],
    ['#template remainder', { type: 'remainder', weight: 1, limit: null }],
    [
      '#template remainder 3 up to 100',
      { type: 'remainder', weight: 3, limit: { amount: 10000, hold: false } },
    ],
    ['#goal 1000', { type: 'goal', amount: 100000 }],
  ])('%s', (line, want) => {
    expect(one(line)).toEqual(want);
  });

  it('reads cleanup lines, global and per group', () => {
    const parsed = parseNote(
      '#cleanup source\n#cleanup sink\n#cleanup sink 2\n#cleanup Family Loans source\n#cleanup Family Loans sink 3',
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.cleanups.map(({ line: _l, text: _t, ...c }) => c)).toEqual([
      { type: 'source', group: null },
      { type: 'sink', group: null, weight: 1 },
      { type: 'sink', group: null, weight: 2 },
      { type: 'source', group: 'Family Loans' },
      { type: 'sink', group: 'Family Loans', weight: 3 },
    ]);
  });

  it('keeps line numbers and ignores other lines', () => {
    const parsed = parseNote('Netflix\r\n  #template 24.99\n\nDisney #template 1\n#templates 5');
    expect(parsed.templates).toEqual([
      { type: 'simple', priority: 0, monthly: 2499, limit: null, line: 2, text: '#template 24.99' },
    ]);
    expect(parsed.errors).toEqual([]);
  });

  it.each([
    ['#template', 9, "Expected something after '#template'"],
    [
      '#template fifty',
      10,
      "Expected an amount, 'up to', a percentage or a keyword, found 'fifty'",
    ],
    ['#template 50 dollars', 13, "Unexpected 'dollars'"],
    ['#template up 50', 13, "Expected 'to' after 'up', found '50'"],
    ['#template up to', 15, "Expected an amount after 'up to', found the end of the line"],
    ['#template 500 by 2025-13', 17, "'2025-13' is not a valid month"],
    ['#template 500 by March', 17, "Expected a month (YYYY-MM), found 'March'"],
    [
      '#template 500 by 2025-03 repeat every week',
      38,
      "Expected a period (month, year), found 'week'",
    ],
    ['#template 10 repeat every 2 week starting 2025-01-01', 28, "Expected 'weeks' after 2"],
    ['#template 10 repeat every weeks starting 2025-01-01', 26, "Expected a number before 'weeks'"],
    [
      '#template 10 repeat every week',
      30,
      "Expected 'starting' and a date, found the end of the line",
    ],
    ['#template 10 repeat every week starting 2025-02-30', 40, "'2025-02-30' is not a valid date"],
    ['#template 10% of', 16, 'Expected an income category, "all income" or "available funds"'],
    ['#template schedule', 18, 'Expected a schedule name'],
    ['#template-x 10', 9, 'A priority must be a whole number, like #template-2'],
    ['#template--1 10', 9, 'A priority must be a whole number, like #template-2'],
    ['#template 99999999999999999', 10, 'The amount 99999999999999999 is too large'],
    ['#goal-1 10', 5, '#goal takes no priority'],
    ['#cleanup somewhere', 9, "Expected 'source' or 'sink' at the end, found 'somewhere'"],
    ['#cleanup sink 0', 14, 'The weight must be a positive number'],
  ])('reports %s', (line, column, message) => {
    const parsed = parseNote(`first line\n${line}`);
    expect(parsed.templates).toEqual([]);
    expect(parsed.errors).toEqual([{ line: 2, text: line, column, message }]);
  });

  it('formats an error with a caret under the problem', () => {
    const [e] = parseNote('#template 50 dollars').errors;
    expect(formatTemplateError('Food', e as NonNullable<typeof e>)).toBe(
      "Food, line 1: Unexpected 'dollars'\n#template 50 dollars\n             ^",
    );
  });

  it('never throws on arbitrary text', () => {
    for (const line of [
      '#template $',
      '#template %',
      '#template 5 %',
      '#cleanup',
      '#goal',
      '#template 1 by',
    ]) {
      const parsed = parseNote(line);
      expect(parsed.errors.length + parsed.templates.length).toBeGreaterThan(0);
    }
  });
});
