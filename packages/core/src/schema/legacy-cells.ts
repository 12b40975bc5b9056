import type { SqliteDatabase } from '../platform/index.ts';

/**
 * The two data migrations that read the pre-2021 `spreadsheet_cells` table: one tidies
 * its cell names, the other moves budget amounts, carryover flags, buffers and notes
 * into real tables and drops the cells.
 */

interface Cell {
  name: string;
  expr: string | null;
  cachedValue: string | null;
}

const dashUuid = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** 1567699552727: keep only budget, carryover and buffered cells, with dashed uuid names. */
export function normaliseBudgetCellNames(db: SqliteDatabase): void {
  const keep = /!budget_|!carryover_|!buffered$/;
  const cells = db.all<Cell>('SELECT name, expr, cachedValue FROM spreadsheet_cells');
  for (const cell of cells) {
    if (!keep.test(cell.name)) {
      db.run('DELETE FROM spreadsheet_cells WHERE name = ?', [cell.name]);
      continue;
    }
    let name = cell.name.replaceAll('_', '-');
    // Category ids were once stored as 32 bare hex digits; give them their dashes.
    const bare = /^(budget\d{6}!(?:budget|carryover)-)([0-9a-fA-F]{32})$/.exec(name);
    if (bare && cell.name.length === bare[1]!.length + 32) {
      name = bare[1]! + dashUuid(bare[2]!);
    }
    let expr = cell.expr;
    if (name.includes('!carryover-') && expr != null) expr = expr.slice(1);
    if (name !== cell.name || expr !== cell.expr) {
      db.run('DELETE FROM spreadsheet_cells WHERE name = ?', [cell.name]);
      // A later row with the same new name replaces an earlier one, as an upsert would.
      db.run(
        'INSERT OR REPLACE INTO spreadsheet_cells (name, expr, cachedValue) VALUES (?, ?, ?)',
        [name, expr, cell.cachedValue],
      );
    }
  }
}

const cellValue = (cell: Cell): string | null => cell.expr ?? cell.cachedValue;

const toInt = (value: string | null): number => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isNaN(n) ? 0 : n;
};

/** 1632571489012: budget tables replace the spreadsheet cache. */
export function moveCellsIntoTables(db: SqliteDatabase): void {
  db.exec(`
CREATE TABLE zero_budget_months (id TEXT PRIMARY KEY, buffered INTEGER DEFAULT 0);
CREATE TABLE zero_budgets (
  id TEXT PRIMARY KEY, month INTEGER, category TEXT,
  amount INTEGER DEFAULT 0, carryover INTEGER DEFAULT 0
);
CREATE TABLE reflect_budgets (
  id TEXT PRIMARY KEY, month INTEGER, category TEXT,
  amount INTEGER DEFAULT 0, carryover INTEGER DEFAULT 0
);
CREATE TABLE notes (id TEXT PRIMARY KEY, note TEXT);
CREATE TABLE kvcache (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE kvcache_key (id INTEGER PRIMARY KEY, key REAL);
`);

  const byName = (name: string): Cell | undefined =>
    db.first<Cell>('SELECT name, expr, cachedValue FROM spreadsheet_cells WHERE name = ?', [name]);

  for (const cell of db.all<Cell>(
    "SELECT name, expr, cachedValue FROM spreadsheet_cells WHERE name LIKE 'budget%!budget-%'",
  )) {
    const m = /^(budget-report|budget)(\d{4})(\d{2})!budget-(.+)$/.exec(cell.name);
    if (!m) continue;
    const [, kind, year, mon, category] = m as unknown as [string, string, string, string, string];
    const carry = byName(`${kind}${year}${mon}!carryover-${category}`);
    const table = kind === 'budget-report' ? 'reflect_budgets' : 'zero_budgets';
    db.run(`INSERT INTO ${table} (id, month, category, amount, carryover) VALUES (?, ?, ?, ?, ?)`, [
      `${year}-${mon}-${category}`,
      Number(`${year}${mon}`),
      category,
      toInt(cellValue(cell)),
      carry && cellValue(carry) === 'true' ? 1 : 0,
    ]);
  }

  for (const cell of db.all<Cell>(
    "SELECT name, expr, cachedValue FROM spreadsheet_cells WHERE name LIKE 'budget%!buffered'",
  )) {
    const m = /^budget(\d{4})(\d{2})!buffered$/.exec(cell.name);
    if (!m) continue;
    db.run('INSERT INTO zero_budget_months (id, buffered) VALUES (?, ?)', [
      `${m[1]}-${m[2]}`,
      toInt(cellValue(cell)),
    ]);
  }

  for (const cell of db.all<Cell>(
    "SELECT name, expr, cachedValue FROM spreadsheet_cells WHERE name LIKE 'notes!%'",
  )) {
    let note: unknown = null;
    try {
      note = JSON.parse(cellValue(cell) ?? '');
    } catch {
      note = null;
    }
    if (typeof note === 'string' && note !== '') {
      db.run('INSERT INTO notes (id, note) VALUES (?, ?)', [cell.name.split('!')[1] ?? '', note]);
    }
  }

  db.exec('DROP TABLE spreadsheet_cells');
}
