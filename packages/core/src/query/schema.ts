import type { AqlExpression, SplitsOption } from './query.ts';

/**
 * The public AQL schema of an Actual 23.8.1 budget: the table and field names queries use,
 * their types, and which id fields reference other tables. Where a stored column has another
 * name, the views (`v_transactions_internal`, `v_categories`, …) expose the public one, so the
 * compiler only ever sees public names.
 */

export type FieldType =
  'id' | 'string' | 'integer' | 'float' | 'boolean' | 'date' | 'json' | 'json/fallback';

export interface FieldDesc {
  readonly type: FieldType;
  /** The table an id field points at; it makes `field.other` paths joinable. */
  readonly ref?: string;
  readonly required?: boolean;
}

export type TableSchema = Readonly<Record<string, FieldDesc>>;
export type Schema = Readonly<Record<string, TableSchema>>;

const f = (type: FieldType, opts: Omit<FieldDesc, 'type'> = {}): FieldDesc => ({ type, ...opts });

export const schema: Schema = {
  transactions: {
    id: f('id'),
    is_parent: f('boolean'),
    is_child: f('boolean'),
    parent_id: f('id'),
    account: f('id', { ref: 'accounts', required: true }),
    category: f('id', { ref: 'categories' }),
    amount: f('integer', { required: true }),
    payee: f('id', { ref: 'payees' }),
    notes: f('string'),
    date: f('date', { required: true }),
    imported_id: f('string'),
    error: f('json'),
    imported_payee: f('string'),
    starting_balance_flag: f('boolean'),
    transfer_id: f('id'),
    sort_order: f('float'),
    cleared: f('boolean'),
    // Not in 23.8.1: Actual's later column, which Coffer adds to every file it opens.
    reconciled: f('boolean'),
    tombstone: f('boolean'),
    schedule: f('id', { ref: 'schedules' }),
  },
  payees: {
    id: f('id'),
    name: f('string', { required: true }),
    transfer_acct: f('id', { ref: 'accounts' }),
    tombstone: f('boolean'),
  },
  accounts: {
    id: f('id'),
    name: f('string', { required: true }),
    offbudget: f('boolean'),
    closed: f('boolean'),
    sort_order: f('float'),
    tombstone: f('boolean'),
    account_id: f('string'),
    official_name: f('string'),
  },
  categories: {
    id: f('id'),
    name: f('string'),
    is_income: f('boolean'),
    hidden: f('boolean'),
    group: f('id', { ref: 'category_groups' }),
    sort_order: f('float'),
    tombstone: f('boolean'),
  },
  category_groups: {
    id: f('id'),
    name: f('string'),
    is_income: f('boolean'),
    hidden: f('boolean'),
    sort_order: f('float'),
    tombstone: f('boolean'),
  },
  schedules: {
    id: f('id'),
    name: f('string'),
    rule: f('id', { ref: 'rules', required: true }),
    next_date: f('date'),
    completed: f('boolean'),
    posts_transaction: f('boolean'),
    tombstone: f('boolean'),
    // Pulled out of the schedule's rule by v_schedules.
    _payee: f('id', { ref: 'payees' }),
    _account: f('id', { ref: 'accounts' }),
    _amount: f('json/fallback'),
    _amountOp: f('string'),
    _date: f('json/fallback'),
    _conditions: f('json'),
    _actions: f('json'),
  },
  rules: {
    id: f('id'),
    stage: f('string'),
    conditions_op: f('string'),
    conditions: f('json'),
    actions: f('json'),
    tombstone: f('boolean'),
  },
  notes: {
    id: f('id'),
    note: f('string'),
  },
  transaction_filters: {
    id: f('id'),
    name: f('string'),
    conditions_op: f('string'),
    conditions: f('json'),
    tombstone: f('boolean'),
  },
  // Budget rows keep months as YYYYMM integers, which is how they are queried.
  zero_budgets: {
    id: f('id'),
    month: f('integer'),
    category: f('string'),
    amount: f('integer'),
    carryover: f('integer'),
  },
  reflect_budgets: {
    id: f('id'),
    month: f('integer'),
    category: f('string'),
    amount: f('integer'),
    carryover: f('integer'),
  },
  zero_budget_months: {
    id: f('id'),
    buffered: f('integer'),
  },
};

/** Public field name → stored column, for tables whose columns kept older names. */
export const storedColumnNames: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  transactions: {
    is_parent: 'isParent',
    is_child: 'isChild',
    account: 'acct',
    imported_id: 'financial_id',
    imported_payee: 'imported_description',
    transfer_id: 'transferred_id',
    payee: 'description',
  },
  categories: { group: 'cat_group' },
};

export interface TableViewOptions {
  isJoin: boolean;
  withDead: boolean;
  splits: SplitsOption;
}

export interface SchemaConfig {
  /** The view or table a query on `table` reads from. */
  tableView(table: string, options: TableViewOptions): string;
  /** The order used when a query gives none. */
  defaultOrder(table: string): AqlExpression[];
}

export const schemaConfig: SchemaConfig = {
  tableView(table, { isJoin, withDead }) {
    switch (table) {
      case 'transactions':
        // Children of deleted parents and deleted rows are hidden by the alive view; only a
        // query that asks for dead rows reads the full one.
        return isJoin || !withDead ? 'v_transactions_internal_alive' : 'v_transactions_internal';
      case 'schedules':
        return 'v_schedules';
      case 'categories':
        return 'v_categories';
      case 'payees':
        return 'v_payees';
      default:
        return table;
    }
  },
  defaultOrder(table) {
    switch (table) {
      case 'transactions':
        return [{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }, 'id'];
      case 'payees':
        return [{ $condition: { transfer_acct: null }, $dir: 'desc' }, { $nocase: '$name' }];
      case 'accounts':
        return ['sort_order', 'name'];
      case 'schedules':
        return [{ $condition: { completed: true } }, 'next_date'];
      default:
        return [];
    }
  },
};
