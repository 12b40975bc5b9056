import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestPlatform } from '../db/test-helpers/test-platform.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import { SYNCED_SCHEMA } from '../schema/synced-tables.ts';
import { FileColumns } from '../schema/file-columns.ts';
import { prepareDatabase } from '../schema/prepare.ts';
import { RowShapes } from './row-shapes.ts';
import type { CellValue, Row } from './types.ts';
import { upsertCells } from './write-cells.ts';

/** A fresh 23.8.1 file: `transactions.reconciled` lives in Coffer's side table. */
function budgetSqlite(): SqliteDatabase {
  const sqlite = createTestPlatform().sqlite.open(':memory:');
  const prepared = prepareDatabase(sqlite, { create: true });
  if (!prepared.ok) throw new Error(prepared.message);
  return sqlite;
}

const shapesOf = (sqlite: SqliteDatabase) => new RowShapes(sqlite, FileColumns.learn(sqlite));

const TABLES = Object.keys(SYNCED_SCHEMA) as (keyof typeof SYNCED_SCHEMA)[];

/** Values of every type, including the ones SQLite changes on the way in (affinity, -0, NaN). */
const anyValue: fc.Arbitrary<CellValue> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-0, 0, 1, 2.5, Number.NaN, Infinity, 2 ** 60),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('12', '1.5', ' 7', 'abc', '', '0x10'),
);

const anyWrite = fc.constantFrom(...TABLES).chain((table) =>
  fc.record({
    table: fc.constant(table),
    id: fc.constantFrom('a', 'b', '1', '007'),
    cells: fc.dictionary(fc.constantFrom(...Object.keys(SYNCED_SCHEMA[table])), anyValue, {
      minKeys: 1,
    }),
  }),
);

/** Writes the cells, reads the whole row back and compares with what the shape said before. */
function check(
  sqlite: SqliteDatabase,
  shapes: RowShapes,
  table: string,
  id: string,
  cells: Map<string, CellValue>,
) {
  const files = FileColumns.learn(sqlite);
  const read = () => sqlite.first<Row>(`${files.rowsSql(table)} WHERE t.id = ?`, [id]) ?? null;
  const predicted = shapes.written(table, id, read(), cells);
  let stored: Row | null;
  try {
    upsertCells(sqlite, files, table, id, cells);
    stored = read();
  } catch (err) {
    // A constraint (NOT NULL) refuses the write; the write path runs the same upsert and
    // fails the same way, whatever was predicted.
    expect(String(err)).toMatch(/constraint/i);
    return false;
  }
  if (predicted !== undefined) expect(predicted).toStrictEqual(stored);
  return predicted !== undefined;
}

describe('RowShapes', () => {
  it('predicts the stored row exactly, or declines, for any cells of any synced table', () => {
    const sqlite = budgetSqlite();
    const shapes = shapesOf(sqlite);
    const rollback = new Error('rollback');
    let predicted = 0;
    fc.assert(
      fc.property(fc.array(anyWrite, { maxLength: 8 }), (writes) => {
        try {
          sqlite.transaction(() => {
            for (const { table, id, cells } of writes) {
              if (check(sqlite, shapes, table, id, new Map(Object.entries(cells)))) predicted++;
            }
            throw rollback;
          });
        } catch (err) {
          if (err !== rollback) throw err;
        }
      }),
      { numRuns: 300 },
    );
    // Most random cell sets hold some value SQLite would convert; plenty still get predicted.
    expect(predicted).toBeGreaterThan(20);
  });

  it('predicts the rows an app writes: defaults for new rows, old cells kept on update', () => {
    const sqlite = budgetSqlite();
    const shapes = shapesOf(sqlite);
    const tx = new Map<string, CellValue>([
      ['acct', 'acc-1'],
      ['amount', -1250],
      ['notes', 'lunch'],
      ['date', 20240301],
    ]);
    expect(check(sqlite, shapes, 'transactions', 't1', tx)).toBe(true);
    expect(shapes.written('transactions', 't2', null, tx)).toMatchObject({
      id: 't2',
      amount: -1250,
      cleared: 1,
      isParent: 0,
      tombstone: 0,
      category: null,
    });
    expect(check(sqlite, shapes, 'transactions', 't1', new Map([['notes', null]]))).toBe(true);
    expect(check(sqlite, shapes, 'rules', 'r1', new Map([['stage', 'pre']]))).toBe(true);
    // The side column reads its default until it is set, then what was set.
    expect(shapes.written('transactions', 't2', null, tx)).toMatchObject({ reconciled: 0 });
    expect(check(sqlite, shapes, 'transactions', 't1', new Map([['reconciled', 1]]))).toBe(true);
    expect(check(sqlite, shapes, 'transactions', 't3', new Map([['reconciled', 1]]))).toBe(true);
    expect(sqlite.first('SELECT id, amount FROM transactions WHERE id = ?', ['t3'])).toEqual({
      id: 't3',
      amount: null,
    });
  });

  it('declines values SQLite would store differently, and tables with triggers', () => {
    const sqlite = budgetSqlite();
    const shapes = shapesOf(sqlite);
    expect(shapes.written('transactions', 't1', null, new Map([['amount', '12']]))).toBeUndefined();
    expect(shapes.written('transactions', 't1', null, new Map([['notes', 12]]))).toBeUndefined();
    expect(shapes.written('transactions', 't1', null, new Map([['amount', -0]]))).toBeUndefined();
    expect(shapes.written('transactions', 't1', null, new Map([['nope', 1]]))).toBeUndefined();
    // NOT NULL columns: null may fail or become the default.
    expect(shapes.written('category_groups', 'g', null, new Map([['hidden', null]]))).toBe(
      undefined,
    );
    sqlite.exec(
      'CREATE TRIGGER payees_touch AFTER INSERT ON payees BEGIN UPDATE payees SET name = 1; END',
    );
    expect(shapesOf(sqlite).written('payees', 'p', null, new Map([['name', 'A']]))).toBe(undefined);
  });
});
