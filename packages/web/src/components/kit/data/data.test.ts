import { q } from '@coffer/core/ui';
import { describe, expect, it } from 'vitest';
import { runQuery } from './data.ts';
import { AppStore } from '../../../store/store.ts';
import type { LocalPrefs } from '../../../store/types.ts';
import { fakeBackend } from '../../../test-helpers/fake-backend.ts';

const noBudget = { error: { type: 'no-budget', message: 'query needs an open budget' } };
const query = q('transactions').select(['id']).serialize();

const OPEN: LocalPrefs = { id: 'b1', budgetName: 'Home' };

const closing = {
  error: { type: 'budget-closing', message: 'query came while the budget was closing' },
};

/** A store whose core answers every query as if no budget were open (or it were closing). */
function closedCore(prefs: LocalPrefs | null, answer: unknown = noBudget) {
  return new AppStore(
    fakeBackend(() => answer),
    { prefs },
  );
}

/** Whether the query's promise is still unsettled after 20 ms. */
async function unsettled(store: AppStore): Promise<boolean> {
  const settled = runQuery(store, query).then(
    () => 'answered',
    () => 'thrown',
  );
  const later = new Promise((resolve) => setTimeout(() => resolve('unsettled'), 20));
  return (await Promise.race([settled, later])) === 'unsettled';
}

describe('runQuery', () => {
  it('leaves a query answered after its budget closed unsettled, not a thrown error', async () => {
    expect(await unsettled(closedCore(null))).toBe(true);
  });

  it('leaves a query answered while its budget closes unsettled, the budget still shown', async () => {
    expect(await unsettled(closedCore(OPEN, closing))).toBe(true);
  });

  it('throws when the core refuses a query while the budget is open (a bug)', async () => {
    const store = closedCore(OPEN);
    await expect(runQuery(store, query)).rejects.toThrow(
      'query failed: query needs an open budget',
    );
  });
});
