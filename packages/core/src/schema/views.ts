import type { SqliteDatabase } from '../platform/index.ts';
import type { FileColumns } from './file-columns.ts';

/**
 * The read views over the stored tables, with public column names (`account` for `acct`,
 * `payee` for `description`, ...) and ids resolved through the mapping tables. They are
 * rebuilt on open whenever their SQL changes (tracked by `__meta__.view-hash`); Actual does
 * the same with its own hash, so either app rebuilds after the other opened the file.
 *
 * A 23.8.1 file keeps `transactions.reconciled` in Coffer's side table (extensions.ts), a
 * newer one in the table itself: the views read it from where this file has it.
 */
const views = (files: FileColumns): ReadonlyArray<readonly [name: string, select: string]> => [
  [
    'v_transactions_internal',
    `SELECT t.id, t.isParent AS is_parent, t.isChild AS is_child,
  CASE WHEN t.isChild = 0 THEN NULL ELSE t.parent_id END AS parent_id,
  t.acct AS account,
  CASE WHEN t.isParent = 1 THEN NULL ELSE cm.transferId END AS category,
  IFNULL(t.amount, 0) AS amount,
  pm.targetId AS payee,
  t.notes, t.date, t.financial_id AS imported_id, t.error,
  t.imported_description AS imported_payee, t.starting_balance_flag,
  t.transferred_id AS transfer_id, t.sort_order, t.cleared,
  ${files.columnSql('transactions', 'reconciled')} AS reconciled, t.tombstone, t.schedule
FROM transactions t${files.joinSql('transactions')}
LEFT JOIN category_mapping cm ON cm.id = t.category
LEFT JOIN payee_mapping pm ON pm.id = t.description
WHERE t.date IS NOT NULL AND t.acct IS NOT NULL AND (t.isChild = 0 OR t.parent_id IS NOT NULL)`,
  ],
  [
    'v_transactions_internal_alive',
    `SELECT t.* FROM v_transactions_internal t
LEFT JOIN transactions parent ON (t.is_child = 1 AND parent.id = t.parent_id)
WHERE IFNULL(t.tombstone, 0) = 0 AND (t.is_child = 0 OR parent.tombstone = 0)`,
  ],
  [
    'v_transactions',
    `SELECT t.id, t.is_parent, t.is_child, t.parent_id, a.id AS account, c.id AS category,
  t.amount, p.id AS payee, t.notes, t.date, t.imported_id, t.error, t.imported_payee,
  t.starting_balance_flag, t.transfer_id, t.sort_order, t.cleared, t.reconciled, t.tombstone,
  t.schedule
FROM v_transactions_internal_alive t
LEFT JOIN payees p ON (p.id = t.payee AND p.tombstone = 0)
LEFT JOIN categories c ON (c.id = t.category AND c.tombstone = 0)
LEFT JOIN accounts a ON (a.id = t.account AND a.tombstone = 0)
ORDER BY t.date DESC, t.starting_balance_flag, t.sort_order DESC, t.id`,
  ],
  [
    'v_categories',
    `SELECT c.id, c.name, c.is_income, c.hidden, c.cat_group AS "group", c.sort_order, c.tombstone
FROM categories c`,
  ],
  [
    'v_payees',
    // A transfer payee shows its account's name, and disappears with a deleted account.
    `SELECT p.id, COALESCE(a.name, p.name) AS name, p.transfer_acct, p.tombstone
FROM payees p
LEFT JOIN accounts a ON (p.transfer_acct = a.id AND a.tombstone = 0)
WHERE p.transfer_acct IS NULL OR a.id IS NOT NULL`,
  ],
  [
    'v_schedules',
    // The schedule's payee, account, amount and date live in its rule's conditions; the
    // json-paths table says where.
    `SELECT s.id, s.name, s.rule,
  CASE WHEN nd.local_next_date_ts = nd.base_next_date_ts THEN nd.local_next_date
       ELSE nd.base_next_date END AS next_date,
  s.completed, s.posts_transaction, s.tombstone,
  pm.targetId AS _payee,
  json_extract(r.conditions, jp.account || '.value') AS _account,
  json_extract(r.conditions, jp.amount || '.value') AS _amount,
  json_extract(r.conditions, jp.amount || '.op') AS _amountOp,
  json_extract(r.conditions, jp.date || '.value') AS _date,
  r.conditions AS _conditions, r.actions AS _actions
FROM schedules s
LEFT JOIN schedules_next_date nd ON nd.schedule_id = s.id
LEFT JOIN schedules_json_paths jp ON jp.schedule_id = s.id
LEFT JOIN rules r ON r.id = s.rule
LEFT JOIN payee_mapping pm ON pm.id = json_extract(r.conditions, jp.payee || '.value')`,
  ],
];

/** The views' names, in the order they are made. */
export const VIEW_NAMES: readonly string[] = [
  'v_transactions_internal',
  'v_transactions_internal_alive',
  'v_transactions',
  'v_categories',
  'v_payees',
  'v_schedules',
];

/** Dropping in reverse order keeps a view from outliving one it depends on. */
export function viewSql(files: FileColumns): string {
  const list = views(files);
  return [
    ...[...list].reverse().map(([name]) => `DROP VIEW IF EXISTS ${name};`),
    ...list.map(([name, select]) => `CREATE VIEW ${name} AS ${select};`),
  ].join('\n');
}

/** A 53-bit string hash (two mixed 32-bit lanes), hex: enough to notice a changed definition. */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export const viewHash = (sql: string): string => `coffer-${hashText(sql)}`;

/** Recreate the views when the stored hash differs from ours. Returns whether it rebuilt. */
export function ensureViews(db: SqliteDatabase, files: FileColumns): boolean {
  const sql = viewSql(files);
  const hash = viewHash(sql);
  const row = db.first<{ value: string | null }>(
    "SELECT value FROM __meta__ WHERE key = 'view-hash'",
  );
  const present = db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'view'");
  const allThere = VIEW_NAMES.every((v) => present.some((p) => p.name === v));
  if (row?.value === hash && allThere) return false;
  db.transaction(() => {
    db.exec(sql);
    db.run("INSERT OR REPLACE INTO __meta__ (key, value) VALUES ('view-hash', ?)", [hash]);
  });
  return true;
}
