import { describe, expect, it } from 'vitest';
import {
  canDelete,
  canMerge,
  filterPayees,
  inSelectionOrder,
  newRuleForPayee,
  selectedNames,
  selectionLabel,
} from './payee-logic.ts';
import { payeeRow } from '../../test-helpers/rows.ts';

const p = (id: string, name: string, transfer_acct: string | null = null) =>
  payeeRow({ id, name, transfer_acct });

describe('payee page logic', () => {
  it('keeps the selection in the order it was picked, skipping payees that are gone', () => {
    const payees = [p('a', 'Salary'), p('b', 'Store'), p('c', 'Work')];
    const picked = new Set(['c', 'gone', 'a']);
    expect(inSelectionOrder(payees, picked).map((x) => x.name)).toEqual(['Work', 'Salary']);
  });

  it('filters case-insensitively by substring', () => {
    expect(
      filterPayees([p('1', 'Grocery Store'), p('2', 'Gas')], 'STORE').map((x) => x.id),
    ).toEqual(['1']);
  });
  it('lists the first 4 names, then "and more"', () => {
    const list = ['a', 'b', 'c', 'd', 'e'].map((n) => p(n, n));
    expect(selectedNames(list.slice(0, 4))).toBe('a, b, c, d');
    expect(selectedNames(list)).toBe('a, b, c, d, and more');
    expect(selectionLabel(0)).toBe('No payees selected');
    expect(selectionLabel(1)).toBe('1 payee');
    expect(selectionLabel(3)).toBe('3 payees');
  });
  it('guards delete and merge against transfer payees and merge needs two', () => {
    expect(canMerge([p('1', 'a')])).toBe(false);
    expect(canMerge([p('1', 'a'), p('2', 'b')])).toBe(true);
    expect(canMerge([p('1', 'a'), p('2', 'b', 'acct')])).toBe(false);
    expect(canDelete([p('2', 'b', 'acct')])).toBe(false);
    expect(canDelete([])).toBe(false);
  });
  it('builds the new-rule template', () => {
    expect(newRuleForPayee('x').conditions[0]).toEqual({
      field: 'payee',
      op: 'is',
      value: 'x',
      type: 'id',
    });
  });
});
