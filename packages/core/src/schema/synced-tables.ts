/**
 * The modelled columns: every table Coffer writes through CRDT messages, and each of its stored
 * columns with the kind of value it holds. Local writes may only set these. Remote messages
 * may also set any other synced column the open file has (a newer Actual's, see
 * `FileColumns`); a message for a table or column the file lacks is kept in the log only.
 *
 * Every synced table also has `id TEXT PRIMARY KEY` (the message's `row`), which is not listed
 * because no message ever sets it.
 *
 * Kinds say how a value is stored:
 * - `id`: text id of another row (uuid, or a legacy form)
 * - `string`: free text
 * - `integer`: whole number; money is integer cents
 * - `float`: real number (sort orders)
 * - `boolean`: 0 or 1
 * - `date`: integer YYYYMMDD
 * - `month`: integer YYYYMM
 * - `json`: JSON text
 */
export type ColumnKind =
  'id' | 'string' | 'integer' | 'float' | 'boolean' | 'date' | 'month' | 'json';

const tombstone = { tombstone: 'boolean' } as const;

export const SYNCED_SCHEMA = {
  accounts: {
    account_id: 'string',
    name: 'string',
    balance_current: 'integer',
    balance_available: 'integer',
    balance_limit: 'integer',
    mask: 'string',
    official_name: 'string',
    type: 'string',
    subtype: 'string',
    bank: 'id',
    offbudget: 'boolean',
    closed: 'boolean',
    sort_order: 'float',
    // Not a 23.8.1 column: kept where extensions.ts says.
    account_sync_source: 'string',
    last_sync: 'string',
    bank_sync_status: 'string',
    ...tombstone,
  },
  banks: { bank_id: 'string', name: 'string', ...tombstone },
  transactions: {
    isParent: 'boolean',
    isChild: 'boolean',
    parent_id: 'id',
    acct: 'id',
    category: 'id',
    amount: 'integer',
    description: 'id',
    notes: 'string',
    date: 'date',
    financial_id: 'string',
    imported_description: 'string',
    error: 'json',
    starting_balance_flag: 'boolean',
    transferred_id: 'id',
    sort_order: 'float',
    cleared: 'boolean',
    pending: 'boolean',
    // Not a 23.8.1 column: Coffer adds it to every file it opens (see extensions.ts).
    reconciled: 'boolean',
    // Not 23.8.1 columns either: the bank's answer for a synced row (extensions.ts).
    raw_synced_data: 'string',
    schedule: 'id',
    type: 'string',
    location: 'string',
    ...tombstone,
  },
  categories: {
    name: 'string',
    is_income: 'boolean',
    cat_group: 'id',
    sort_order: 'float',
    hidden: 'boolean',
    ...tombstone,
  },
  category_groups: {
    name: 'string',
    is_income: 'boolean',
    sort_order: 'float',
    hidden: 'boolean',
    ...tombstone,
  },
  category_mapping: { transferId: 'id' },
  payees: { name: 'string', category: 'id', transfer_acct: 'id', ...tombstone },
  payee_mapping: { targetId: 'id' },
  rules: {
    stage: 'string',
    conditions_op: 'string',
    conditions: 'json',
    actions: 'json',
    ...tombstone,
  },
  schedules: {
    name: 'string',
    rule: 'id',
    active: 'boolean',
    completed: 'boolean',
    posts_transaction: 'boolean',
    ...tombstone,
  },
  schedules_next_date: {
    schedule_id: 'id',
    local_next_date: 'date',
    local_next_date_ts: 'integer',
    base_next_date: 'date',
    base_next_date_ts: 'integer',
    ...tombstone,
  },
  zero_budgets: { month: 'month', category: 'id', amount: 'integer', carryover: 'boolean' },
  reflect_budgets: { month: 'month', category: 'id', amount: 'integer', carryover: 'boolean' },
  zero_budget_months: { buffered: 'integer' },
  notes: { note: 'string' },
  transaction_filters: {
    name: 'string',
    conditions_op: 'string',
    conditions: 'json',
    ...tombstone,
  },
  // Not a 23.8.1 table: kept where extension-tables.ts says.
  tags: {
    tag: 'string',
    color: 'string',
    description: 'string',
    hidden: 'boolean',
    ...tombstone,
  },
} as const satisfies Record<string, Record<string, ColumnKind>>;

export type SyncedTable = keyof typeof SYNCED_SCHEMA;
export type SyncedColumn<T extends SyncedTable> = keyof (typeof SYNCED_SCHEMA)[T] & string;

/** The pseudo-dataset for synced budget prefs (`budgetName`, `budgetType`); never a table. */
export const PREFS_DATASET = 'prefs';

/** Synced prefs: the only metadata.json keys that travel as messages. */
export const SYNCED_PREFS = ['budgetName', 'budgetType'] as const;

const schema: Record<string, Record<string, ColumnKind>> = SYNCED_SCHEMA;

export function isSyncedTable(table: string): table is SyncedTable {
  return Object.hasOwn(schema, table);
}

/**
 * The schema's kinds as maps, never changed: every cell a batch writes asks its column's kind,
 * and two `hasOwn` checks and keyed loads on the schema's objects (a different key each time)
 * made `toCellValue` a top self-time entry of a 50,000-row import's CPU profile.
 */
const KINDS: ReadonlyMap<string, ReadonlyMap<string, ColumnKind>> = new Map(
  Object.entries(schema).map(([table, columns]) => [table, new Map(Object.entries(columns))]),
);

export function columnKind(table: string, column: string): ColumnKind | undefined {
  return KINDS.get(table)?.get(column);
}

export function hasTombstone(table: string): boolean {
  return columnKind(table, 'tombstone') !== undefined;
}
