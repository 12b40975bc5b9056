/**
 * An import writes its rows as one batch, and the derived data (month sums, search index, the
 * budget sheet) take the whole batch as one change event. The same messages applied one at a
 * time, each its own change event (as a slow sync would deliver them), must leave exactly the
 * same rows, month sums, search index and budget figures; and both must equal a rebuild from
 * scratch.
 */
import { deserializeValue } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';

import { rebuildMonthSums } from '../month-sums/store.ts';
import { MONTH_SUMS_TABLE } from '../query/month-sums.ts';
import { SEARCH_NOTES_TABLE, SEARCH_ROWS_TABLE } from '../query/search.ts';
import { rebuildNotesIndex } from '../search/notes-index.ts';
import type { AppFixture } from '../transactions/test-helpers/app-core.ts';
import { budgetBefore, rows } from './test-helpers/budget-before.ts';

/** The derived data by content (the index's own rowids depend on the order rows came in). */
function derived(f: AppFixture) {
  return {
    sums: f.sql.all(
      `SELECT * FROM ${MONTH_SUMS_TABLE} ORDER BY account, month, day, payee, positive`,
    ),
    notes: f.sql.all(
      `SELECT r.id, n.notes FROM ${SEARCH_ROWS_TABLE} r
       JOIN ${SEARCH_NOTES_TABLE} n ON n.rowid = r.rid ORDER BY r.id`,
    ),
  };
}

async function figures(send: (name: string, args?: unknown) => Promise<unknown>) {
  const out: unknown[] = [];
  for (const month of ['2023-05', '2023-06', '2023-07', '2023-08']) {
    out.push(await send('api/budget-month', { month }));
  }
  return out;
}

describe('a batch import and the same writes one by one', () => {
  it.each([20230806, 7])(
    'seed %i: the same rows, month sums, search index and budget figures',
    async (seed) => {
      const batch = await budgetBefore(seed);
      const single = await budgetBefore(seed);
      // The two budgets start identical (seeded ids, fixed clock).
      expect(rows(single.f)).toEqual(rows(batch.f));
      const newest = batch.f.sql.first<{ t: string }>(
        'SELECT MAX(timestamp) AS t FROM messages_crdt',
      )!.t;

      const result = (await batch.send('transactions-import', {
        accountId: batch.account,
        transactions: batch.incoming,
      })) as { errors: unknown[]; added: string[]; updated: string[] };
      expect(result.errors).toEqual([]);
      expect(result.added.length).toBeGreaterThan(100);
      expect(result.updated.length).toBeGreaterThan(40);

      // Every message the import wrote, one change event each.
      const messages = batch.f.budget.db.getMessagesSince(newest);
      expect(messages.length).toBeGreaterThan(result.added.length * 4);
      for (const m of messages) {
        single.f.budget.db.applyMessages([{ ...m, value: deserializeValue(String(m.value)) }], {
          source: 'remote',
        });
      }

      expect(rows(single.f)).toEqual(rows(batch.f));
      const fromBatch = derived(batch.f);
      expect(derived(single.f)).toEqual(fromBatch);
      expect(await figures(single.send)).toEqual(await figures(batch.send));
      // The import's rows reached the derived data.
      expect(fromBatch.notes).toEqual(
        expect.arrayContaining([expect.objectContaining({ notes: 'store refund' })]),
      );
      expect(fromBatch.sums.length).toBeGreaterThan(0);

      // Both equal the derived data built again from every row.
      rebuildMonthSums(batch.f.sql);
      rebuildNotesIndex(batch.f.sql);
      expect(derived(batch.f)).toEqual(fromBatch);
    },
    60_000,
  );
});
