import { Timestamp, deserializeValue } from '@coffer/crdt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYNCED_SCHEMA } from '../schema/synced-tables.ts';
import type { BudgetDb } from './budget-db.ts';
import { memoryBudgetDb } from './test-helpers/memory-budget.ts';
import type { Message } from './types.ts';

const NOW = Date.UTC(2023, 7, 6, 10, 0, 0);

/** Every synced table's rows, in id order: what must agree between replicas. */
function snapshot(db: BudgetDb): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of Object.keys(SYNCED_SCHEMA)) {
    out[table] = db.sqlite.all(`${db.columns.rowsSql(table)} ORDER BY t.id`);
  }
  return out;
}

const cells: ReadonlyArray<readonly [string, string, fc.Arbitrary<Message['value']>]> = [
  ['payees', 'name', fc.string({ maxLength: 6 })],
  ['payees', 'tombstone', fc.constantFrom(0, 1)],
  ['payees', 'category', fc.option(fc.constantFrom('c1', 'c2'), { nil: null })],
  ['accounts', 'name', fc.string({ maxLength: 6 })],
  ['accounts', 'offbudget', fc.constantFrom(0, 1)],
  ['accounts', 'sort_order', fc.double({ min: -1e6, max: 1e6, noNaN: true })],
  ['transactions', 'amount', fc.integer({ min: -100000, max: 100000 })],
  ['transactions', 'reconciled', fc.constantFrom(0, 1)], // kept beside the row in 23.8.1
  ['custom_reports', 'name', fc.string({ maxLength: 4 })], // a newer Actual's table
];

const messageArb: fc.Arbitrary<Message> = fc
  .record({
    cell: fc.integer({ min: 0, max: cells.length - 1 }),
    row: fc.constantFrom('r1', 'r2', 'r3'),
    millis: fc.integer({ min: NOW - 3 * 86_400_000, max: NOW }),
    counter: fc.integer({ min: 0, max: 3 }),
    node: fc.constantFrom('000000000000000a', '000000000000000b', '000000000000000c'),
  })
  .chain(({ cell, row, millis, counter, node }) => {
    const [dataset, column, value] = cells[cell]!;
    return value.map((v) => ({
      timestamp: new Timestamp(millis, counter, node).toString(),
      dataset,
      row,
      column,
      // Numbers travel as text (`N:`), so the replicas see what parseFloat gives back.
      value: typeof v === 'number' ? (deserializeValue(`N:${v}`) as number) : v,
    }));
  });

/** Random order, random batch sizes, some messages delivered twice. */
const deliveryArb = (messages: Message[]): fc.Arbitrary<Message[][]> =>
  fc
    .tuple(
      fc.shuffledSubarray(messages, { minLength: messages.length, maxLength: messages.length }),
      fc.subarray(messages),
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 40 }),
    )
    .map(([order, repeats, sizes]) => {
      const all = [...order, ...repeats];
      const batches: Message[][] = [];
      for (let i = 0, k = 0; i < all.length; k++) {
        const size = sizes[k % sizes.length]!;
        batches.push(all.slice(i, i + size));
        i += size;
      }
      return batches;
    });

describe('convergence', () => {
  it('three replicas applying the same messages in any interleaving agree on rows and merkle', () => {
    const scenario = fc
      .uniqueArray(messageArb, { maxLength: 60, selector: (m) => m.timestamp })
      .chain((messages) =>
        fc.tuple(
          fc.constant(messages),
          deliveryArb(messages),
          deliveryArb(messages),
          deliveryArb(messages),
        ),
      );
    fc.assert(
      fc.property(scenario, ([, ...deliveries]) => {
        const replicas = deliveries.map((batches, i) => {
          const { db } = memoryBudgetDb({ seed: i + 1 });
          for (const batch of batches) db.applyMessages(batch, { source: 'remote' });
          return db;
        });
        const [a, b, c] = replicas.map(snapshot);
        expect(b).toEqual(a);
        expect(c).toEqual(a);
        const roots = replicas.map((r) => r.merkle.hash ?? 0);
        expect(new Set(roots).size).toBe(1);
        for (const r of replicas) r.close();
      }),
      { numRuns: 60 },
    );
  });

  it('replicas editing concurrently converge after exchanging their logs', () => {
    const edit = fc.record({
      replica: fc.integer({ min: 0, max: 2 }),
      cell: fc.integer({ min: 0, max: 5 }),
      row: fc.constantFrom('r1', 'r2'),
      value: fc.string({ maxLength: 4 }),
      flag: fc.boolean(),
      step: fc.integer({ min: 0, max: 1500 }),
    });
    fc.assert(
      fc.property(
        fc.array(edit, { maxLength: 40 }),
        fc.integer({ min: 0, max: 1000 }),
        (edits, seed) => {
          const replicas = [0, 1, 2].map((i) => memoryBudgetDb({ seed: seed * 3 + i + 1 }));
          for (const e of edits) {
            const { db, platform } = replicas[e.replica]!;
            platform.clock.advance(e.step);
            if (e.cell < 3) db.update('payees', { id: e.row, name: e.value, tombstone: e.flag });
            else
              db.update('accounts', {
                id: e.row,
                name: e.value,
                offbudget: e.flag,
                sort_order: e.step,
              });
          }
          const logs = replicas.map(({ db }) =>
            db.getMessagesSince('').map((m) => ({ ...m, value: deserializeValue(m.value) })),
          );
          replicas.forEach(({ db }, i) => {
            logs.forEach((log, j) => {
              if (i !== j) db.applyMessages([...log].reverse(), { source: 'remote' });
            });
          });
          const [a, b, c] = replicas.map(({ db }) => snapshot(db));
          expect(b).toEqual(a);
          expect(c).toEqual(a);
          expect(new Set(replicas.map(({ db }) => db.merkle.hash ?? 0)).size).toBe(1);
        },
      ),
      { numRuns: 40 },
    );
  });
});
