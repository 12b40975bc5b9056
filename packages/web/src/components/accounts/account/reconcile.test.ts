import { describe, expect, it } from 'vitest';
import { reconcileChanges, reconcileDifference } from './reconcile.ts';
import { isReconciled } from '../editing/reconciled.ts';

describe('reconcile', () => {
  it('is the bank balance less the cleared balance', () => {
    expect(reconcileDifference(10000, 9750)).toBe(250);
    expect(reconcileDifference(-500, -500)).toBe(0);
  });

  it('locks the cleared transactions that are not locked yet', () => {
    expect(
      reconcileChanges([
        { id: 'a' },
        { id: 'b', reconciled: true },
        { id: 'c', reconciled: false },
      ]),
    ).toEqual({
      updated: [
        { id: 'a', reconciled: true },
        { id: 'c', reconciled: true },
      ],
    });
  });

  it('reads the reconciled state from the row', () => {
    expect(isReconciled({ reconciled: true })).toBe(true);
    expect(isReconciled({})).toBe(false);
  });
});
