import { Timestamp } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import type { Message } from '../sync/types.ts';
import { storeTableOf } from './extension-tables.ts';
import { prepareDatabase } from './prepare.ts';

const T0 = Date.UTC(2023, 7, 6, 9, 0, 0);
const msg = (counter: number, row: string, column: string, value: Message['value']): Message => ({
  timestamp: new Timestamp(T0, counter, '1111222233334444').toString(),
  dataset: 'tags',
  row,
  column,
  value,
});

const tableNames = (db: { sqlite: { all<T>(sql: string): T[] } }) =>
  db.sqlite
    .all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%tags%'",
    )
    .map((r) => r.name)
    .sort();

describe('tags in a 23.8.1 file', () => {
  it('keeps the rows in Coffer’s table, never in a `tags` table a current Actual would make again', () => {
    const { db } = memoryBudgetDb();
    expect(tableNames(db)).toEqual([storeTableOf('tags')]);
    const id = db.insert('tags', { tag: 'vacation', color: '#1f7a4d', tombstone: 0 });
    db.applyMessages([msg(1, 'g2', 'tag', 'gift'), msg(2, 'g2', 'hidden', 1)], {
      source: 'remote',
    });
    expect(db.sqlite.all(`${db.columns.rowsSql('tags')} ORDER BY t.tag`)).toEqual([
      { id: 'g2', tag: 'gift', color: null, description: null, tombstone: 0, hidden: 1 },
      { id, tag: 'vacation', color: '#1f7a4d', description: null, tombstone: 0, hidden: 0 },
    ]);
    expect(db.getMessagesSince(Timestamp.zero.toString()).map((m) => m.dataset)).toContain('tags');
  });

  it('moves the rows into Actual’s table once a current Actual has made it, the log winning', () => {
    let tagId = '';
    const { db } = memoryBudgetDb({
      reshape: (sqlite) => {
        sqlite.run(
          `INSERT INTO ${storeTableOf('tags')} (id, tag, color) VALUES ('g1', 'trip', '#fff')`,
        );
        sqlite.exec(`
          CREATE TABLE tags (id TEXT PRIMARY KEY, tag TEXT UNIQUE, color TEXT, description TEXT);
          ALTER TABLE tags ADD COLUMN tombstone integer DEFAULT 0;
          ALTER TABLE tags ADD COLUMN hidden BOOLEAN DEFAULT 0;
          INSERT INTO tags (id, tag) VALUES ('a1', 'made-in-actual');`);
        tagId = 'g1';
      },
    });
    expect(tableNames(db)).toEqual(['tags']);
    expect(db.sqlite.all('SELECT id, tag, color FROM tags ORDER BY id')).toEqual([
      { id: 'a1', tag: 'made-in-actual', color: null },
      { id: tagId, tag: 'trip', color: '#fff' },
    ]);
  });

  it('keeps `hidden` beside an older Actual’s tags table that lacks it', () => {
    const { db } = memoryBudgetDb({
      reshape: (sqlite) =>
        sqlite.exec(`
          CREATE TABLE tags (id TEXT PRIMARY KEY, tag TEXT UNIQUE, color TEXT, description TEXT);
          ALTER TABLE tags ADD COLUMN tombstone integer DEFAULT 0;`),
    });
    const id = db.insert('tags', { tag: 'gift', hidden: true, tombstone: 0 });
    expect(db.sqlite.first('SELECT tag FROM tags WHERE id = ?', [id])).toEqual({ tag: 'gift' });
    expect(db.sqlite.first(`${db.columns.rowsSql('tags')} WHERE t.id = ?`, [id])).toMatchObject({
      tag: 'gift',
      hidden: 1,
    });
    // Opening again changes nothing.
    expect(prepareDatabase(db.sqlite)).toMatchObject({
      ok: true,
      extensions: { sideAdded: [], folded: [] },
    });
  });
});
