import { describe, expect, it } from 'vitest';
import type { SqliteDatabase, SqliteDriver } from '../platform/index.ts';

/**
 * The contract every SqliteDriver must meet. Each platform package runs it against its own
 * driver: `defineDriverSuite('better-sqlite3', () => createNodeSqliteDriver())`.
 * `tempPath()` returns a fresh file path for the on-disk cases (omit it to skip them where a
 * platform has no files).
 */
export function defineDriverSuite(
  name: string,
  makeDriver: () => SqliteDriver,
  tempPath?: () => string,
): void {
  const fresh = (): SqliteDatabase => {
    const db = makeDriver().open(':memory:');
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER, r REAL, s TEXT, b BLOB)');
    return db;
  };

  describe(`SqliteDriver: ${name}`, () => {
    it('runs statements and reports changes and rowids', () => {
      const db = fresh();
      const res = db.run('INSERT INTO t (id, n) VALUES (?, ?)', ['a', 1]);
      expect(res.changes).toBe(1);
      expect(Number(res.lastInsertRowid)).toBe(1);
      expect(db.run('UPDATE t SET n = n + 1').changes).toBe(1);
      expect(db.run('DELETE FROM t WHERE id = ?', ['zz']).changes).toBe(0);
      db.close();
    });

    it('round-trips every value type', () => {
      const db = fresh();
      const bytes = new Uint8Array([0, 1, 2, 250]);
      db.run('INSERT INTO t VALUES (?, ?, ?, ?, ?)', ['a', 42, 1.5, 'héllo', bytes]);
      db.run('INSERT INTO t (id) VALUES (?)', ['b']);
      const rows = db.all<Record<string, unknown>>('SELECT * FROM t ORDER BY id');
      expect(rows).toHaveLength(2);
      const [a, b] = rows;
      expect(a).toMatchObject({ id: 'a', n: 42, r: 1.5, s: 'héllo' });
      expect(Array.from(a!.b as Uint8Array)).toEqual([0, 1, 2, 250]);
      expect(b).toEqual({ id: 'b', n: null, r: null, s: null, b: null });
      db.close();
    });

    it('binds many strings and numbers per statement exactly, and refuses a wrong count', () => {
      const db = fresh();
      const long = 'ünïcödé 😀 '.repeat(2_000);
      const rows = [
        ['a', 7, 0.1, 'héllo 😀'],
        ['b', -3_000_000_000, -2.5, long],
        ['c', 1_700_000_000_000, 1e300, ''],
        ['cc', 0, -0.5, 'nul\u0000inside'],
        ['d', Number.MAX_SAFE_INTEGER, 3, null],
      ];
      db.run(
        `INSERT INTO t (id, n, r, s) VALUES ${Array(rows.length).fill('(?, ?, ?, ?)').join(', ')}`,
        rows.flat(),
      );
      const read = db.all<Record<string, unknown>>(
        'SELECT id, n, r, s, typeof(n) AS tn, typeof(r) AS tr FROM t ORDER BY id',
      );
      expect(read.map((r) => [r.id, r.n, r.r, r.s])).toEqual(rows);
      expect(read.map((r) => `${String(r.tn)} ${String(r.tr)}`)).toEqual(
        Array(rows.length).fill('integer real'),
      );
      expect(() => db.run('INSERT INTO t (id, n) VALUES (?, ?)', ['e', 1, 2])).toThrow();
      expect(db.first('SELECT s FROM t WHERE id = ?', ['b'])).toEqual({ s: long });
      db.close();
    });

    it('binds an empty string as text, even as the first value a connection binds', () => {
      const db = fresh();
      db.run('INSERT INTO t (id, s) VALUES (?, ?)', ['', '']);
      expect(db.all('SELECT id, s, typeof(s) AS ts FROM t')).toEqual([
        { id: '', s: '', ts: 'text' },
      ]);
      db.close();
    });

    it("binds each of a statement's strings to its own parameter, ASCII or not", () => {
      const db = fresh();
      // ASCII strings of many lengths beside each other (a driver may encode them together),
      // then the same with one non-ASCII string among them; each reads back as it went in.
      const ascii = Array.from({ length: 120 }, (_, i): [string, string] => [
        'id' + i,
        'x'.repeat(i % 7) + i,
      ]);
      ascii.push(['long', 'y'.repeat(200)], ['nul', 'a\u0000b'], ['near', 'z'.repeat(64)]);
      const mixed = ascii.map(([id, s], i): [string, string] => [
        `m${id}`,
        i === 60 ? `é${s}\u{1F600}` : s,
      ]);
      for (const rows of [ascii, mixed]) {
        db.run(
          `INSERT INTO t (id, s) VALUES ${Array(rows.length).fill('(?, ?)').join(', ')}`,
          rows.flat(),
        );
      }
      const read = db.all<{ id: string; s: string }>('SELECT id, s FROM t ORDER BY rowid');
      expect(read.map((r) => [r.id, r.s])).toEqual([...ascii, ...mixed]);
      db.close();
    });

    it('all gives each result column in order (a repeated name keeps the later value)', () => {
      const db = fresh();
      db.run("INSERT INTO t (id, n, s) VALUES ('a', 1, 'x'), ('b', 2, 'y')");
      const rows = db.all<Record<string, unknown>>(
        'SELECT s AS first, n, id, s AS n FROM t ORDER BY id',
      );
      expect(rows).toEqual([
        { first: 'x', n: 'x', id: 'a' },
        { first: 'y', n: 'y', id: 'b' },
      ]);
      expect(rows.map((row) => Object.keys(row))).toEqual(Array(2).fill(['first', 'n', 'id']));
      // Many rows (a driver may build them another way past a few) come out the same.
      const many = db.all<Record<string, unknown>>(
        `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 20)
         SELECT i AS n, 'x' || i AS first, NULL AS id, -i AS n FROM k ORDER BY i`,
      );
      expect(many).toEqual(
        Array.from({ length: 20 }, (_, i) => ({ n: -(i + 1), first: `x${i + 1}`, id: null })),
      );
      expect(new Set(many.map((row) => Object.keys(row).join()))).toEqual(new Set(['n,first,id']));
      // A column may be called anything, `__proto__` too: it is a value, not the prototype.
      const odd = db.all<Record<string, unknown>>("SELECT 'v' AS __proto__, 1 AS x")[0]!;
      expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
      expect(Object.entries(odd)).toEqual([
        ['__proto__', 'v'],
        ['x', 1],
      ]);
      // The same statement after a schema change shows the new column.
      const star = 'SELECT * FROM t WHERE id = ?';
      expect(Object.keys(db.all<object>(star, ['a'])[0]!)).toEqual(['id', 'n', 'r', 's', 'b']);
      db.exec("ALTER TABLE t ADD COLUMN extra TEXT DEFAULT 'e'");
      expect(db.all(star, ['a'])).toEqual([
        { id: 'a', n: 1, r: null, s: 'x', b: null, extra: 'e' },
      ]);
      db.close();
    });

    it('first returns the first row or undefined', () => {
      const db = fresh();
      expect(db.first('SELECT * FROM t')).toBeUndefined();
      db.run("INSERT INTO t (id, n) VALUES ('x', 1), ('y', 2)");
      expect(db.first<{ id: string }>('SELECT id FROM t ORDER BY n DESC')).toEqual({ id: 'y' });
      db.close();
    });

    it('reuses statements: the same SQL with different params gives different results', () => {
      const db = fresh();
      for (let i = 0; i < 50; i++) db.run('INSERT INTO t (id, n) VALUES (?, ?)', [`k${i}`, i]);
      for (let i = 0; i < 50; i++) {
        expect(db.first<{ n: number }>('SELECT n FROM t WHERE id = ?', [`k${i}`])?.n).toBe(i);
      }
      db.close();
    });

    it('exec runs several statements, and statements prepared earlier see the new schema', () => {
      const db = fresh();
      expect(db.all('SELECT * FROM t')).toEqual([]);
      db.exec('ALTER TABLE t ADD COLUMN extra TEXT; INSERT INTO t (id, extra) VALUES (1, 2);');
      expect(db.all('SELECT * FROM t')[0]).toMatchObject({ id: '1', extra: '2' });
      db.close();
    });

    it('commits a transaction and returns its value', () => {
      const db = fresh();
      const out = db.transaction(() => {
        db.run("INSERT INTO t (id) VALUES ('a')");
        return 7;
      });
      expect(out).toBe(7);
      expect(db.all('SELECT id FROM t')).toEqual([{ id: 'a' }]);
      db.close();
    });

    it('rolls back a transaction that throws and rethrows the error', () => {
      const db = fresh();
      expect(() =>
        db.transaction(() => {
          db.run("INSERT INTO t (id) VALUES ('a')");
          throw new Error('boom');
        }),
      ).toThrow('boom');
      expect(db.all('SELECT id FROM t')).toEqual([]);
      // The connection is usable afterwards.
      db.transaction(() => db.run("INSERT INTO t (id) VALUES ('b')"));
      expect(db.all('SELECT id FROM t')).toEqual([{ id: 'b' }]);
      db.close();
    });

    it('nests transactions as savepoints: an inner failure undoes only the inner work', () => {
      const db = fresh();
      db.transaction(() => {
        db.run("INSERT INTO t (id) VALUES ('outer')");
        expect(() =>
          db.transaction(() => {
            db.run("INSERT INTO t (id) VALUES ('inner')");
            throw new Error('inner');
          }),
        ).toThrow('inner');
        db.transaction(() => {
          db.run("INSERT INTO t (id) VALUES ('inner2')");
          db.transaction(() => db.run("INSERT INTO t (id) VALUES ('deep')"));
        });
      });
      expect(db.all<{ id: string }>('SELECT id FROM t ORDER BY id').map((r) => r.id)).toEqual([
        'deep',
        'inner2',
        'outer',
      ]);
      db.close();
    });

    it('an outer failure undoes committed inner savepoints too', () => {
      const db = fresh();
      expect(() =>
        db.transaction(() => {
          db.transaction(() => db.run("INSERT INTO t (id) VALUES ('inner')"));
          throw new Error('outer');
        }),
      ).toThrow('outer');
      expect(db.all('SELECT id FROM t')).toEqual([]);
      db.close();
    });

    it('a constraint error inside a transaction rolls it back', () => {
      const db = fresh();
      db.run("INSERT INTO t (id) VALUES ('a')");
      expect(() =>
        db.transaction(() => {
          db.run("INSERT INTO t (id) VALUES ('b')");
          db.run("INSERT INTO t (id) VALUES ('a')");
        }),
      ).toThrow();
      expect(db.all('SELECT id FROM t')).toEqual([{ id: 'a' }]);
      db.close();
    });

    it('names result columns as written: non-ASCII, long and empty names', () => {
      const db = fresh();
      const long = `c${'x'.repeat(80)}`;
      const row = db.first<Record<string, unknown>>(
        `SELECT 1 AS "montant €", 2 AS "${long}", 3 AS "", 4 AS id`,
      );
      expect(row).toEqual({ 'montant €': 1, [long]: 2, '': 3, id: 4 });
      db.close();
    });

    it("a failed step throws SQLite's message, and the statement runs again after it", () => {
      const db = fresh();
      const insert = 'INSERT INTO t (id, n) VALUES (?, ?)';
      db.run(insert, ['a', 1]);
      expect(() => db.run(insert, ['a', 2])).toThrow(/UNIQUE constraint failed: t\.id/);
      // The same cached statement, reset after the failure, writes again.
      db.run(insert, ['b', 2]);
      expect(db.all('SELECT id, n FROM t ORDER BY id')).toEqual([
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
      ]);
      expect(db.run('UPDATE t SET n = n + 1').changes).toBe(2);
      expect(db.first('SELECT n FROM t WHERE id = ?', ['b'])).toEqual({ n: 3 });
      db.close();
    });

    it('serializes to SQLite file bytes that deserialize into an independent copy', () => {
      const db = fresh();
      db.run("INSERT INTO t (id, s) VALUES ('a', 'kept')");
      const bytes = db.serialize();
      expect(new TextDecoder().decode(bytes.slice(0, 15))).toBe('SQLite format 3');
      const copy = makeDriver().deserialize(bytes);
      expect(copy.first('SELECT s FROM t')).toEqual({ s: 'kept' });
      copy.run("UPDATE t SET s = 'changed'");
      expect(db.first('SELECT s FROM t')).toEqual({ s: 'kept' });
      copy.close();
      db.close();
    });

    if (tempPath) {
      it('persists to a file and reopens it', () => {
        const path = tempPath();
        const driver = makeDriver();
        const db = driver.open(path);
        db.exec('CREATE TABLE k (v TEXT)');
        db.transaction(() => db.run("INSERT INTO k VALUES ('on disk')"));
        db.close();
        const again = driver.open(path);
        expect(again.all('SELECT v FROM k')).toEqual([{ v: 'on disk' }]);
        again.close();
      });

      it('opens files with a page cache large enough for a big write to stay in memory', () => {
        const db = makeDriver().open(tempPath());
        expect(db.first('PRAGMA cache_size')).toEqual({ cache_size: -32 * 1024 });
        db.close();
      });
    }
  });
}
