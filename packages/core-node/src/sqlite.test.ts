import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineDriverSuite } from '../../core/src/db/driver-suite.ts';
import { createNodeSqliteDriver } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'coffer-driver-'));
let n = 0;
defineDriverSuite('better-sqlite3', createNodeSqliteDriver, () => join(dir, `db-${n++}.sqlite`));

describe('createNodeSqliteDriver', () => {
  it('opens files with a page cache large enough for a big write to stay in memory', () => {
    const db = createNodeSqliteDriver().open(join(dir, `db-${n++}.sqlite`));
    expect(db.first<{ cache_size: number }>('PRAGMA cache_size')).toEqual({
      cache_size: -32 * 1024,
    });
    db.close();
  });
});
