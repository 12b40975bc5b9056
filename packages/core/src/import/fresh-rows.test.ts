/**
 * An import's new rows are kept as arrays until the commit (`BudgetDb.insertFresh`, see
 * sync/fresh-rows.ts) instead of as one message per cell. The same import into a second copy of
 * the budget whose `insertFresh` goes the message path (`insert`, as before) must leave the same
 * file: every synced table (row ids and rowids), the log (its row ids too), the clock and
 * merkle, the derived data; give listeners the same change event; and undo and redo alike.
 */
import { describe, expect, it } from 'vitest';

import type { BudgetDb } from '../sync/budget-db.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { batchUpdateTransactions } from '../transactions/batch.ts';
import type { AppFixture } from '../transactions/test-helpers/app-core.ts';
import { budgetBefore } from './test-helpers/budget-before.ts';

/** Every table but SQLite's own, with rowids: what the file holds. */
function file(f: AppFixture): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const tables = f.sql
    .all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .map((t) => t.name);
  for (const table of tables) {
    const rowid = f.sql.first<{ n: number }>(
      "SELECT count(*) AS n FROM pragma_table_list WHERE name = ? AND wr = 0 AND type = 'table'",
      [table],
    )!.n;
    out[table] = f.sql.all(`SELECT ${rowid ? 'rowid AS _rowid, ' : ''}* FROM "${table}"`);
  }
  return out;
}

/** `insertFresh` as it was: one message per cell, the row noted as missing. */
function messagePath(db: BudgetDb): void {
  db.insertFresh = (table, row) => {
    db.insert(table, row);
    db.noteRowBefore(table, row.id, null);
  };
}

/** The events a budget's listeners get from here on, messages read out. */
function events(f: AppFixture) {
  const seen: unknown[] = [];
  f.budget.db.onChange((event: ChangeEvent) =>
    seen.push({
      source: event.source,
      undo: event.undo,
      tables: event.tables,
      changes: [...event.changes],
      prefs: event.prefs,
      messages: event.messages,
    }),
  );
  return seen;
}

describe('fresh rows kept as arrays', () => {
  it.each([20230806, 7])(
    'seed %i: an import leaves the same file, events, undo and redo as the message path',
    async (seed) => {
      const arrays = await budgetBefore(seed);
      const messages = await budgetBefore(seed);
      messagePath(messages.f.budget.db);
      expect(file(messages.f)).toEqual(file(arrays.f));
      const seenArrays = events(arrays.f);
      const seenMessages = events(messages.f);

      const results = [];
      for (const side of [arrays, messages]) {
        results.push(
          await side.send('transactions-import', {
            accountId: side.account,
            transactions: side.incoming,
          }),
        );
      }
      const [result] = results as { added: string[]; updated: string[] }[];
      expect(result!.added.length).toBeGreaterThan(100);
      expect(result!.updated.length).toBeGreaterThan(40);
      expect(results[1]).toEqual(results[0]);
      expect(file(messages.f)).toEqual(file(arrays.f));
      expect(messages.f.budget.db.merkle).toEqual(arrays.f.budget.db.merkle);
      expect(seenMessages).toEqual(seenArrays);
      expect(seenArrays).toHaveLength(1);

      for (const step of ['undo', 'redo', 'undo'] as const) {
        await arrays.send(step);
        await messages.send(step);
        expect(file(messages.f)).toEqual(file(arrays.f));
      }
      expect(seenMessages).toEqual(seenArrays);
      expect(seenArrays).toHaveLength(4);
    },
    60_000,
  );

  it('rows a later step of the batch changes (transfers, split lines), and a column kept on the side', async () => {
    const arrays = await budgetBefore(7);
    const messages = await budgetBefore(7);
    messagePath(messages.f.budget.db);
    const results = [];
    for (const side of [arrays, messages]) {
      const savings = (await side.send('account-create', { name: 'Savings' })) as string;
      const seen = events(side.f);
      const out = side.f.budget.db.undo.withUndo(() =>
        batchUpdateTransactions(side.f.budget, {
          added: [
            // The other side is made and the new row then linked to it (a message on a fresh row).
            {
              account: side.account,
              date: '2023-08-01',
              amount: -700,
              payee: side.f.transferPayee(savings),
            },
            // A parent and its lines, settled after they went in.
            {
              id: 'parent',
              account: side.account,
              date: '2023-08-02',
              amount: -900,
              is_parent: true,
            },
            {
              account: side.account,
              date: '2023-08-02',
              amount: -400,
              is_child: true,
              parent_id: 'parent',
            },
            {
              account: side.account,
              date: '2023-08-02',
              amount: -500,
              is_child: true,
              parent_id: 'parent',
            },
            // `reconciled` lives beside the table in a 23.8.1 file.
            { account: side.account, date: '2023-08-03', amount: -100, reconciled: true },
          ],
        }),
      );
      results.push({ out, seen });
    }
    expect(file(messages.f)).toEqual(file(arrays.f));
    expect(messages.f.budget.db.merkle).toEqual(arrays.f.budget.db.merkle);
    expect(results[1]).toEqual(results[0]);
    const tx = arrays.f.sql.all<{ transferred_id: string | null; isParent: number }>(
      'SELECT transferred_id, isParent FROM transactions WHERE id = ? OR amount = -700',
      ['parent'],
    );
    expect(tx).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ isParent: 1 }),
        expect.objectContaining({ transferred_id: expect.any(String) }),
      ]),
    );
    const onSide = arrays.f.sql.first<{ reconciled: number }>(
      `${arrays.f.budget.db.columns.rowsSql('transactions')} WHERE t.amount = -100`,
    );
    expect(onSide?.reconciled).toBe(1);
    for (const step of ['undo', 'redo'] as const) {
      await arrays.send(step);
      await messages.send(step);
      expect(file(messages.f)).toEqual(file(arrays.f));
    }
  }, 60_000);
});
