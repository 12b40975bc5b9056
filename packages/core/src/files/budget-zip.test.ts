import { describe, expect, it } from 'vitest';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import { openTestBudget } from '../query/test-helpers/budget-db.ts';
import { rebuildNotesIndex } from '../search/notes-index.ts';
import { makeBudgetZip, readBudgetZip } from './budget-zip.ts';

describe('the budget archive', () => {
  it("carries the budget but not Coffer's search index (an Actual client may lack FTS5)", () => {
    const db = openTestBudget();
    db.run(
      "INSERT INTO transactions (id, acct, date, amount, notes) VALUES ('t1', 'a', 20240101, -5, 'rent')",
    );
    rebuildNotesIndex(db);
    const archive = readBudgetZip(
      makeBudgetZip(testSqliteDriver(), db.serialize(), { id: 'b', budgetName: 'B' }),
    );
    if ('error' in archive) throw new Error(archive.error);
    const copy = testSqliteDriver().deserialize(archive.db);
    const names = copy
      .all<{ name: string }>('SELECT name FROM sqlite_master')
      .map((r) => r.name)
      .filter((n) => n.startsWith('coffer_search') || n.startsWith('coffer_trans'));
    expect(names).toEqual([]);
    expect(copy.all('SELECT id, notes FROM transactions')).toEqual([{ id: 't1', notes: 'rent' }]);
    // The file the app keeps still has its index.
    expect(db.first('SELECT COUNT(*) AS n FROM coffer_search_rows')).toEqual({ n: 1 });
  });
});
