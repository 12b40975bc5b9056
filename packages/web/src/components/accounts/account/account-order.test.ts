import { describe, expect, it } from 'vitest';
import { dropTarget, groupOf, stepTarget } from './account-order.ts';

const on = (id: string) => ({ id, offbudget: 0 as const, closed: 0 as const });
const off = (id: string) => ({ id, offbudget: 1 as const, closed: 0 as const });
const shut = (id: string) => ({ id, offbudget: 0 as const, closed: 1 as const });
// Display order, as accounts-get returns it: groups interleaved on purpose.
const accounts = [on('a'), off('x'), on('b'), on('c'), off('y'), shut('z')];

describe('account order', () => {
  it('groups by closed, then off budget', () => {
    expect(accounts.map(groupOf)).toEqual([
      'budgeted',
      'offbudget',
      'budgeted',
      'budgeted',
      'offbudget',
      'closed',
    ]);
  });

  it('drops before the account under the top half, after it on the bottom half', () => {
    expect(dropTarget(accounts, 'c', 'a', 'top')).toEqual({ targetId: 'a' });
    expect(dropTarget(accounts, 'c', 'a', 'bottom')).toEqual({ targetId: 'b' });
    expect(dropTarget(accounts, 'a', 'c', 'bottom')).toEqual({ targetId: null });
    expect(dropTarget(accounts, 'a', 'c', 'top')).toEqual({ targetId: 'c' });
    expect(dropTarget(accounts, 'y', 'x', 'top')).toEqual({ targetId: 'x' });
  });

  it('refuses a drop into another list, onto itself, or one that changes nothing', () => {
    expect(dropTarget(accounts, 'a', 'x', 'top')).toBeNull();
    expect(dropTarget(accounts, 'x', 'b', 'bottom')).toBeNull();
    expect(dropTarget(accounts, 'z', 'a', 'top')).toBeNull();
    expect(dropTarget(accounts, 'a', 'a', 'top')).toBeNull();
    expect(dropTarget(accounts, 'a', 'b', 'top')).toBeNull();
    expect(dropTarget(accounts, 'b', 'a', 'bottom')).toBeNull();
    expect(dropTarget(accounts, 'c', 'b', 'bottom')).toBeNull();
  });

  it('steps one place within the list and stops at its ends', () => {
    expect(stepTarget(accounts, 'b', -1)).toEqual({ targetId: 'a' });
    expect(stepTarget(accounts, 'b', 1)).toEqual({ targetId: null });
    expect(stepTarget(accounts, 'a', 1)).toEqual({ targetId: 'c' });
    expect(stepTarget(accounts, 'a', -1)).toBeNull();
    expect(stepTarget(accounts, 'c', 1)).toBeNull();
    expect(stepTarget(accounts, 'x', 1)).toEqual({ targetId: null });
    expect(stepTarget(accounts, 'y', 1)).toBeNull();
    expect(stepTarget(accounts, 'z', -1)).toBeNull();
    expect(stepTarget(accounts, 'nope', 1)).toBeNull();
  });
});
