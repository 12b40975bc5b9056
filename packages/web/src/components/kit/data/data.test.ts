import { q } from '@coffer/core/ui';
import { describe, expect, it } from 'vitest';
import { runQuery } from './data.ts';
import { AppStore } from '../../../store/store.ts';
import type { LocalPrefs } from '../../../store/types.ts';
import { fakeBackend } from '../../../test-helpers/fake-backend.ts';

const noBudget = { error: { type: 'no-budget', message: 'query needs an open budget' } };
const query = q('transactions').select(['id']).serialize();

const OPEN: LocalPrefs = { id: 'b1', budgetName: 'Home' };

/** A store whose core answers every query as if no budget were open. */
function closedCore(prefs: LocalPrefs | null) {
  return new AppStore(
    fakeBackend(() => noBudget),
    { prefs },
  );
}

describe('runQuery', () => {
  it('leaves a query answered after its budget closed unsettled, not a thrown error', async () => {
    const settled = runQuery(closedCore(null), query).then(
      () => 'answered',
      () => 'thrown',
    );
    const later = new Promise((resolve) => setTimeout(() => resolve('unsettled'), 20));
    expect(await Promise.race([settled, later])).toBe('unsettled');
  });

  it('throws when the core refuses a query while the budget is open (a bug)', async () => {
    const store = closedCore(OPEN);
    await expect(runQuery(store, query)).rejects.toThrow(
      'query failed: query needs an open budget',
    );
  });
});
