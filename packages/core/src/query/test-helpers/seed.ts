import type { SqlValue, SqliteDatabase } from '../../platform/sqlite.ts';

type Row = Record<string, SqlValue | boolean | undefined>;

function insert(db: SqliteDatabase, table: string, row: Row): void {
  const entries = Object.entries(row).filter(([, v]) => v !== undefined);
  const cols = entries.map(([k]) => k).join(', ');
  const marks = entries.map(() => '?').join(', ');
  const values = entries.map(([, v]) => (typeof v === 'boolean' ? (v ? 1 : 0) : (v as SqlValue)));
  db.run(`INSERT INTO ${table} (${cols}) VALUES (${marks})`, values);
}

const dateInt = (date: string) => parseInt(date.replace(/-/g, ''), 10);

export interface TxSeed {
  id: string;
  account: string;
  date: string;
  amount?: number;
  payee?: string;
  category?: string;
  notes?: string;
  parent_id?: string;
  is_parent?: boolean;
  is_child?: boolean;
  sort_order?: number;
  tombstone?: boolean;
  cleared?: boolean;
  starting_balance_flag?: boolean;
  error?: string;
  imported_id?: string;
}

/** Writes rows straight into the stored tables (stored column names), as a budget file has them. */
export function seeder(db: SqliteDatabase) {
  return {
    account(id: string, name: string, extra: Row = {}) {
      insert(db, 'accounts', { id, name, offbudget: 0, closed: 0, tombstone: 0, ...extra });
    },
    payee(id: string, name: string, extra: Row = {}) {
      insert(db, 'payees', { id, name, tombstone: 0, ...extra });
      insert(db, 'payee_mapping', { id, targetId: id });
    },
    group(id: string, name: string, extra: Row = {}) {
      insert(db, 'category_groups', { id, name, is_income: 0, tombstone: 0, ...extra });
    },
    category(id: string, name: string, group: string, extra: Row = {}) {
      insert(db, 'categories', {
        id,
        name,
        cat_group: group,
        is_income: 0,
        tombstone: 0,
        ...extra,
      });
      insert(db, 'category_mapping', { id, transferId: id });
    },
    tx(t: TxSeed) {
      insert(db, 'transactions', {
        id: t.id,
        acct: t.account,
        date: dateInt(t.date),
        amount: t.amount ?? 0,
        description: t.payee,
        category: t.category,
        notes: t.notes,
        parent_id: t.parent_id,
        isParent: t.is_parent ?? false,
        isChild: t.is_child ?? false,
        sort_order: t.sort_order ?? 0,
        tombstone: t.tombstone ?? false,
        cleared: t.cleared ?? true,
        starting_balance_flag: t.starting_balance_flag ?? false,
        error: t.error,
        financial_id: t.imported_id,
      });
    },
    /** A split: the parent (the total) and its children, which share its account and date. */
    split(parent: TxSeed, children: Omit<TxSeed, 'account' | 'date'>[]) {
      const amount = children.reduce((sum, c) => sum + (c.amount ?? 0), 0);
      this.tx({ amount, ...parent, is_parent: true });
      children.forEach((c, i) =>
        this.tx({
          sort_order: -i,
          ...c,
          account: parent.account,
          date: parent.date,
          parent_id: parent.id,
          is_child: true,
        }),
      );
    },
    raw: (table: string, row: Row) => insert(db, table, row),
  };
}
