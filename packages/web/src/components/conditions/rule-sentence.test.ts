import { describe, expect, it } from 'vitest';
import {
  actionSentence,
  conditionSentence,
  type RuleFormats,
  type RuleNames,
} from './rule-text.ts';

const names: RuleNames = {
  payee: (id) => ({ p1: 'Landlord' })[id],
  category: () => undefined,
  account: (id) => ({ a1: 'Checking' })[id],
  schedule: () => undefined,
};
const formats: RuleFormats = {
  amount: (c) => (c / 100).toFixed(2),
  date: (d) => d.split('-').reverse().join('/'),
};
const conditionText = (c: { field: string; op: string; value: unknown }, n: RuleNames) =>
  conditionSentence(c, n, formats);
const actionText = (a: { op: string; field?: string; value: unknown }, n: RuleNames) =>
  actionSentence(a, n, formats);

describe('a schedule rule in words', () => {
  it('names ids, formats amounts and dates, and reads a recurrence', () => {
    expect(conditionText({ field: 'payee', op: 'is', value: 'p1' }, names)).toBe(
      'payee is Landlord',
    );
    expect(conditionText({ field: 'account', op: 'is', value: 'gone' }, names)).toBe(
      'account is (deleted)',
    );
    expect(
      conditionText(
        { field: 'amount', op: 'isbetween', value: { num1: -11000, num2: -9000 } },
        names,
      ),
    ).toBe('amount is between -110.00 and -90.00');
    expect(conditionText({ field: 'amount', op: 'isapprox', value: -4550 }, names)).toBe(
      'amount is approximately -45.50',
    );
    expect(conditionText({ field: 'date', op: 'is', value: '2024-05-31' }, names)).toBe(
      'date is 31/05/2024',
    );
    expect(
      conditionText(
        {
          field: 'date',
          op: 'isapprox',
          value: {
            start: '2024-05-31',
            frequency: 'monthly',
            patterns: [{ type: 'FR', value: -1 }],
          },
        },
        names,
      ),
    ).toBe('date is approximately Every month on the last Friday');
    expect(conditionText({ field: 'notes', op: 'contains', value: '' }, names)).toBe(
      'notes contains (nothing)',
    );
  });

  it('reads the link to the schedule and set actions', () => {
    expect(actionText({ op: 'link-schedule', value: 's1' }, names)).toBe('link to this schedule');
    expect(actionText({ op: 'set', field: 'notes', value: 'rent' }, names)).toBe(
      'set notes to rent',
    );
  });
});
