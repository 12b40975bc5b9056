import type { SqliteDatabase } from '../platform/index.ts';
import { moveCellsIntoTables, normaliseBudgetCellNames } from './legacy-cells.ts';

/**
 * Actual's migrations through 23.8.1, as our own steps under Actual's ids. The ids are the
 * compatibility contract: Actual refuses a file whose applied ids are not a prefix of its
 * own list, so we record exactly these and never add ids of our own.
 */
export interface Migration {
  id: number;
  name: string;
  up(db: SqliteDatabase): void;
}

const sql =
  (text: string) =>
  (db: SqliteDatabase): void =>
    db.exec(text);

export const MIGRATIONS: readonly Migration[] = [
  { id: 1548957970627, name: 'remove-db-version', up: sql('DROP TABLE db_version;') },
  {
    id: 1550601598648,
    name: 'payees',
    up: sql(`
CREATE TABLE payees (
  id TEXT PRIMARY KEY, name TEXT, category TEXT, tombstone INTEGER DEFAULT 0, transfer_acct TEXT
);
CREATE TABLE payee_rules (
  id TEXT PRIMARY KEY, payee_id TEXT, type TEXT, value TEXT, tombstone INTEGER DEFAULT 0
);
CREATE INDEX payee_rules_lowercase_index ON payee_rules (LOWER(value));
CREATE TABLE payee_mapping (id TEXT PRIMARY KEY, targetId TEXT);`),
  },
  {
    id: 1555786194328,
    name: 'remove_category_group_unique',
    up: sql(`
CREATE TABLE category_groups_rebuilt (
  id TEXT PRIMARY KEY, name TEXT, is_income INTEGER DEFAULT 0, sort_order REAL,
  tombstone INTEGER DEFAULT 0
);
INSERT INTO category_groups_rebuilt (id, name, is_income, sort_order, tombstone)
  SELECT id, name, is_income, sort_order, tombstone FROM category_groups;
DROP TABLE category_groups;
ALTER TABLE category_groups_rebuilt RENAME TO category_groups;`),
  },
  {
    id: 1561751833510,
    name: 'indexes',
    up: sql(`
CREATE INDEX trans_category_date ON transactions (category, date);
CREATE INDEX trans_category ON transactions (category);
CREATE INDEX trans_date ON transactions (date);`),
  },
  { id: 1567699552727, name: 'budget', up: normaliseBudgetCellNames },
  {
    id: 1582384163573,
    name: 'cleared',
    up: sql(`
ALTER TABLE transactions ADD COLUMN cleared INTEGER DEFAULT 1;
ALTER TABLE transactions ADD COLUMN pending INTEGER DEFAULT 0;`),
  },
  {
    id: 1597756566448,
    name: 'rules',
    up: sql(`
CREATE TABLE rules (
  id TEXT PRIMARY KEY, stage TEXT, conditions TEXT, actions TEXT, tombstone INTEGER DEFAULT 0
);`),
  },
  {
    id: 1608652596043,
    name: 'parent_field',
    // Legacy split children carry their parent in the id: '<parentId>/<childId>'.
    up: sql(`
ALTER TABLE transactions ADD COLUMN parent_id TEXT;
UPDATE transactions
  SET parent_id = CASE WHEN isChild THEN substr(id, 1, instr(id, '/') - 1) ELSE NULL END;
CREATE INDEX trans_parent_id ON transactions (parent_id);`),
  },
  {
    id: 1608652596044,
    name: 'trans_views',
    // The SQL views this step once made are dropped again by 1615745967948; only the index stays.
    up: sql(
      'CREATE INDEX trans_sorted ON transactions (date DESC, starting_balance_flag, sort_order DESC, id);',
    ),
  },
  {
    id: 1612625548236,
    name: 'optimize',
    up: sql(
      'CREATE INDEX messages_crdt_search ON messages_crdt (dataset, row, column, timestamp);',
    ),
  },
  { id: 1614782639336, name: 'trans_views2', up: () => undefined },
  {
    id: 1615745967948,
    name: 'meta',
    up: sql(`
CREATE TABLE __meta__ (key TEXT PRIMARY KEY, value TEXT);
DROP VIEW IF EXISTS v_transactions_layer2;
DROP VIEW IF EXISTS v_transactions_layer1;
DROP VIEW IF EXISTS v_transactions;
DROP VIEW IF EXISTS v_categories;`),
  },
  {
    id: 1616167010796,
    name: 'accounts_order',
    up: sql('ALTER TABLE accounts ADD COLUMN sort_order REAL;'),
  },
  {
    id: 1618975177358,
    name: 'schedules',
    up: sql(`
CREATE TABLE schedules (
  id TEXT PRIMARY KEY, rule TEXT, active INTEGER DEFAULT 0, completed INTEGER DEFAULT 0,
  posts_transaction INTEGER DEFAULT 0, tombstone INTEGER DEFAULT 0
);
CREATE TABLE schedules_next_date (
  id TEXT PRIMARY KEY, schedule_id TEXT, local_next_date INTEGER, local_next_date_ts INTEGER,
  base_next_date INTEGER, base_next_date_ts INTEGER
);
CREATE TABLE schedules_json_paths (
  schedule_id TEXT PRIMARY KEY, payee TEXT, account TEXT, amount TEXT, date TEXT
);
ALTER TABLE transactions ADD COLUMN schedule TEXT;`),
  },
  { id: 1632571489012, name: 'remove_cache', up: moveCellsIntoTables },
  {
    id: 1679728867040,
    name: 'rules_conditions',
    up: sql("ALTER TABLE rules ADD COLUMN conditions_op TEXT DEFAULT 'and';"),
  },
  {
    id: 1681115033845,
    name: 'add_schedule_name',
    up: sql('ALTER TABLE schedules ADD COLUMN name TEXT DEFAULT NULL;'),
  },
  { id: 1682974838138, name: 'remove_payee_rules', up: sql('DROP TABLE payee_rules;') },
  {
    id: 1685007876842,
    name: 'add_category_hidden',
    up: sql(`
ALTER TABLE categories ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE category_groups ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT 0;`),
  },
  {
    id: 1686139660866,
    name: 'remove_account_type',
    up: sql('ALTER TABLE accounts DROP COLUMN type;'),
  },
  {
    id: 1688749527273,
    name: 'transaction_filters',
    up: sql(`
CREATE TABLE transaction_filters (
  id TEXT PRIMARY KEY, name TEXT, conditions TEXT, conditions_op TEXT DEFAULT 'and',
  tombstone INTEGER DEFAULT 0
);`),
  },
  {
    id: 1688841238000,
    name: 'add_account_type',
    up: sql('ALTER TABLE accounts ADD COLUMN type TEXT;'),
  },
  {
    id: 1691233396000,
    name: 'add_schedule_next_date_tombstone',
    up: sql('ALTER TABLE schedules_next_date ADD COLUMN tombstone INTEGER DEFAULT 0;'),
  },
];

/** An early Actual build recorded the filters table under a different id; treat it as ours. */
export const RENAMED_MIGRATIONS: ReadonlyMap<number, number> = new Map([
  [1685375406832, 1688749527273],
]);

export const LATEST_MIGRATION_ID = MIGRATIONS[MIGRATIONS.length - 1]!.id;
