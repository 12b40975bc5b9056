import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import type { BudgetDump } from './interop-fixture.mjs';

type Row = Record<string, unknown>;

const require = createRequire(import.meta.url);
const ACTUAL_MIGRATIONS = join(
  dirname(require.resolve('@actual-app/api/package.json')),
  'dist/migrations',
);
/** Actual 23.8.1's last migration: columns added after it are not in a 23.8.1 file. */
const LAST_23_8_1_MIGRATION = 1691233396000;

/** Columns later Actual versions added (e.g. `reconciled`), which only Actual's side shows. */
export function laterColumns(): Set<string> {
  const columns = new Set<string>();
  for (const file of readdirSync(ACTUAL_MIGRATIONS)) {
    if (!(Number(/^\d+/.exec(file)?.[0]) > LAST_23_8_1_MIGRATION)) continue;
    const sql = readFileSync(join(ACTUAL_MIGRATIONS, file), 'utf8');
    for (const m of sql.matchAll(/ALTER TABLE\s+\w+\s+ADD\s+COLUMN\s+(\w+)/gi)) columns.add(m[1]!);
  }
  return columns;
}

const byId = (rows: Row[]): Row[] =>
  [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));

/**
 * The same row from both sides: every field Coffer returns equals Actual's, and Actual returns
 * nothing more than the columns its later versions added.
 */
function expectSameRow(coffer: Row, actual: Row, later: Set<string>, where: string): void {
  const extra = Object.keys(actual).filter((k) => !(k in coffer));
  expect(
    extra.filter((k) => !later.has(k)),
    `${where}: fields only Actual has`,
  ).toEqual([]);
  for (const [key, value] of Object.entries(coffer)) {
    if (Array.isArray(value)) {
      expectSameRows(value as Row[], actual[key] as Row[], later, `${where}.${key}`);
    } else {
      expect(actual[key], `${where}.${key}`).toEqual(value);
    }
  }
}

function expectSameRows(coffer: Row[], actual: Row[], later: Set<string>, where: string): void {
  expect(
    actual.map((r) => r.id),
    `${where}: ids in order`,
  ).toEqual(coffer.map((r) => r.id));
  coffer.forEach((row, i) => expectSameRow(row, actual[i]!, later, `${where}[${String(row.id)}]`));
}

/** Both sides read the same budget the same way, field by field. */
export function expectSameDump(coffer: BudgetDump, actual: BudgetDump): void {
  const later = laterColumns();
  expectSameRows(coffer.accounts, actual.accounts, later, 'getAccounts');
  // Where Actual's order has ties (payees with the same name, equal sort orders) it is not
  // defined, so these compare as sets.
  expectSameRows(byId(coffer.categories), byId(actual.categories), later, 'getCategories');
  expectSameRows(byId(coffer.payees), byId(actual.payees), later, 'getPayees');
  expectSameRows(coffer.rules, actual.rules, later, 'getRules');
  const groups = (dump: BudgetDump) =>
    byId(dump.categoryGroups).map((g) => ({ ...g, categories: byId(g.categories as Row[]) }));
  expectSameRows(groups(coffer), groups(actual), later, 'getCategoryGroups');
  expectSameRows(coffer.allTransactions, actual.allTransactions, later, 'getTransactions()');
  for (const { id } of coffer.accounts) {
    const acct = String(id);
    expectSameRows(
      coffer.transactions[acct]!,
      actual.transactions[acct]!,
      later,
      `getTransactions(${acct})`,
    );
    expectSameRows(
      coffer.inJanuary[acct]!,
      actual.inJanuary[acct]!,
      later,
      `getTransactions(${acct}, dates)`,
    );
    expect(actual.balances[acct], `getAccountBalance(${acct})`).toEqual(coffer.balances[acct]);
  }
}
