import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate } from '../../util/format.ts';
import { ruleMatchesFilter, ruleText, type RuleNames, valueText } from './rule-text.ts';

const table: Record<string, string> = {
  p1: 'Corner Cafe',
  c1: 'Groceries',
  a1: 'Checking',
  s1: 'Rent',
};
const names: RuleNames = {
  payee: (id) => (id.startsWith('p') ? table[id] : undefined),
  category: (id) => (id.startsWith('c') ? table[id] : undefined),
  account: (id) => (id.startsWith('a') ? table[id] : undefined),
  schedule: (id) => (id.startsWith('s') ? table[id] : undefined),
};
// The user's formats: dot-comma numbers and day-first dates.
const fmt = {
  amount: (c: number) => formatAmount(c, { format: 'dot-comma', hideFraction: false }),
  date: (d: string) => formatDate(d, 'dd.MM.yyyy'),
};

describe('values as the rules list shows them', () => {
  it('names ids and says (deleted) for what no longer exists', () => {
    expect(valueText({ field: 'payee', op: 'is', type: 'id', value: 'p1' }, names, fmt)).toBe(
      'Corner Cafe',
    );
    expect(valueText({ field: 'category', op: 'is', type: 'id', value: 'c9' }, names, fmt)).toBe(
      '(deleted)',
    );
    expect(
      valueText({ field: 'payee', op: 'is', type: 'id', value: 'new:Kiosk' }, names, fmt),
    ).toBe('Kiosk');
  });

  it('says (nothing) for no value and (empty) for an empty list', () => {
    expect(valueText({ field: 'category', op: 'set', type: 'id', value: null }, names, fmt)).toBe(
      '(nothing)',
    );
    expect(valueText({ field: 'notes', op: 'is', type: 'string', value: '' }, names, fmt)).toBe(
      '(nothing)',
    );
    expect(valueText({ field: 'payee', op: 'oneOf', type: 'id', value: [] }, names, fmt)).toBe(
      '(empty)',
    );
  });

  it('shows 4 items in full, and past 4 the first 3 and how many more', () => {
    const list = (n: number) => ({
      field: 'imported_payee',
      op: 'oneOf',
      type: 'string',
      value: ['a', 'b', 'c', 'd', 'e', 'f'].slice(0, n),
    });
    expect(valueText(list(4), names, fmt)).toBe('a, b, c, d');
    expect(valueText(list(5), names, fmt)).toBe('a, b, c, 2 more items...');
    expect(valueText(list(6), names, fmt)).toBe('a, b, c, 3 more items...');
  });

  it('formats amounts, ranges and dates the user’s way, and describes recurrences', () => {
    const amount = { field: 'amount', op: 'is', type: 'number' };
    expect(valueText({ ...amount, value: -123456 }, names, fmt)).toBe('-1.234,56');
    expect(
      valueText({ ...amount, op: 'isbetween', value: { num1: 100, num2: 2500 } }, names, fmt),
    ).toBe('1,00 and 25,00');
    const date = { field: 'date', op: 'is', type: 'date' };
    expect(valueText({ ...date, value: '2024-03-05' }, names, fmt)).toBe('05.03.2024');
    expect(valueText({ ...date, value: '2024-03' }, names, fmt)).toBe('2024-03');
    expect(
      valueText(
        { ...date, value: { start: '2024-03-05', frequency: 'monthly', interval: 1 } },
        names,
        fmt,
      ),
    ).toBe('Every month on the 5th');
    expect(valueText({ op: 'link-schedule', type: 'id', value: 's1' }, names, fmt)).toBe('Rent');
    expect(
      valueText({ op: 'set', field: 'cleared', type: 'boolean', value: true }, names, fmt),
    ).toBe('true');
  });
});

describe('a rule on one line, and the list’s filter', () => {
  const rule = {
    stage: 'pre' as const,
    conditionsOp: 'and',
    conditions: [
      { field: 'payee', op: 'is', type: 'id', value: 'p1' },
      { field: 'amount', op: 'lt', type: 'number', value: 0, options: { outflow: true } },
    ],
    actions: [
      { op: 'set', field: 'category', type: 'id', value: 'c1' },
      { op: 'link-schedule', type: 'id', value: 's1' },
    ],
  };

  it('reads conditions, an arrow, then actions', () => {
    expect(ruleText(rule, names, fmt)).toBe(
      'payee is Corner Cafe and amount (outflow) is less than 0,00 → set category Groceries, link schedule Rent',
    );
    expect(ruleText({ ...rule, conditionsOp: 'or' }, names, fmt)).toContain(' or amount');
  });

  it('matches stage, field and operator names and resolved names, in any case', () => {
    for (const f of ['PRE', 'amount (outflow)', 'less than', 'corner cafe', 'GROCER', 'rent']) {
      expect(ruleMatchesFilter(rule, f, names, fmt), f).toBe(true);
    }
    // Ids are not what the user sees, so they do not match.
    expect(ruleMatchesFilter(rule, 'p1', names, fmt)).toBe(false);
    expect(ruleMatchesFilter(rule, 'post', names, fmt)).toBe(false);
    expect(ruleMatchesFilter(rule, '   ', names, fmt)).toBe(true);
    expect(ruleMatchesFilter({ ...rule, stage: null as never }, 'default', names, fmt)).toBe(true);
  });
});
