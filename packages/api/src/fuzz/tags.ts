/**
 * Which documented divergences (`divergences.ts`) an operation touches, worked out from the
 * budget before it runs and its resolved arguments.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- rows come from three different APIs */
import type { Op } from './ops.ts';
import type { View } from './view.ts';

type Row = Record<string, any>;

/** 'YYYY-MM-DD' plus `days` (negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function tagsFor(op: Op, view: View, args: Row): Promise<string[]> {
  const tags: string[] = [];
  if (op.op === 'hold' || op.op === 'resetHold') tags.push('hold-api');
  if (op.op === 'update') tags.push(...(await updateTags(view, args)));
  if (op.op === 'import') tags.push(...(await importTags(view, args.acct, args.txs)));
  if ((op.op === 'add' && op.runTransfers) || op.op === 'import') {
    tags.push(...(await splitTags(view, args.txs)));
    if (args.acct.offbudget && args.txs.some(hasCategory)) tags.push('offbudget-new-category');
  }
  if (op.op === 'close' && args.to?.id === args.acct.id && !args.acct.closed) {
    const balance = await wholeBalance(view, args.acct.id);
    tags.push(balance === 0 ? 'close-into-itself-empty' : 'close-into-itself');
  }
  if (op.op === 'close' && args.acct.offbudget && args.category && !args.acct.closed) {
    // The closing row is a new row in an off-budget account.
    const balance = await wholeBalance(view, args.acct.id);
    if (balance !== 0) tags.push('offbudget-new-category');
  }
  if (op.op === 'deleteAccount' && args.acct.closed) tags.push('delete-closed-account');
  if (op.op === 'close' || op.op === 'deleteAccount') {
    tags.push(...(await accountDeleteTags(view, op.op === 'deleteAccount', args.acct)));
  }
  return tags;
}

/**
 * What closing an account moves: the sum of all its rows, dated after today too (the api's
 * `getAccountBalance` stops at today).
 */
async function wholeBalance(view: View, account: string): Promise<number> {
  const { flat } = await view.transactions();
  return flat
    .filter((t) => t.row.account === account && !t.row.is_parent)
    .reduce((sum, t) => sum + Number(t.row.amount), 0);
}

/** An account that goes (deleted, or closed with no transactions) while rows name its payee. */
async function accountDeleteTags(view: View, forced: boolean, acct: Row): Promise<string[]> {
  const { flat } = await view.transactions();
  const own = flat.filter((t) => t.row.account === acct.id);
  if (!forced && (own.length > 0 || acct.closed)) return [];
  const payee = (await view.payees()).find((p) => p.transfer_acct === acct.id);
  if (!payee) return [];
  // A linked other side loses the payee everywhere; a row that only names it keeps it.
  const named = flat.some(
    (t) => t.row.account !== acct.id && t.row.payee === payee.id && !t.row.transfer_id,
  );
  // 26 reads such a row's payee as none; 6.9 fails on the row's next update (its transfer
  // step looks the payee up and finds nothing), which no API read shows beforehand.
  return named ? ['deleted-account-payee', 'dead-payee'] : [];
}

const hasCategory = (tx: Row): boolean =>
  !!tx.category || ((tx.subtransactions ?? []) as Row[]).some((l) => !!l.category);

const daysBetween = (a: string, b: string): number =>
  (Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/**
 * How an import's rows find the rows they update. Coffer matches as Actual 23.8.1 did: the
 * same imported id, else the same amount dated 4 days before to 1 day after, not a split
 * line, first in register order. 6.9 and 26 look 7 days either side, split lines included,
 * nearest first (ties in no set order); 26 also skips a candidate with another imported id.
 * Where the programs could pick differently the import is tagged `import-fuzzy`; where they
 * pick the same row but update it differently, by what differs.
 */
async function importTags(view: View, acct: Row, txs: Row[]): Promise<string[]> {
  const { flat } = await view.transactions();
  const rows = flat.map((t) => t.row).filter((r) => r.account === acct.id);
  const tags = new Set<string>();
  const matched: Row[] = [];
  const fuzzy: Row[] = [];
  for (const tx of txs) {
    const same = tx.imported_id ? rows.filter((r) => r.imported_id === tx.imported_id) : [];
    if (same.length > 1) tags.add('import-fuzzy');
    else if (same.length === 1) matched.push(...matchTags(tags, same[0]!, tx));
    else fuzzy.push(tx);
  }
  const taken = new Set(matched.map((r) => r.id));
  for (const tx of fuzzy) {
    const near = rows.filter(
      (r) => r.amount === (tx.amount ?? 0) && Math.abs(daysBetween(r.date, tx.date)) <= 7,
    );
    if (near.length === 0) continue;
    const only = near[0]!;
    const gap = daysBetween(only.date, tx.date);
    const agreed =
      near.length === 1 &&
      !only.is_child &&
      gap >= -4 &&
      gap <= 1 &&
      !taken.has(only.id) &&
      !(tx.imported_id && only.imported_id);
    if (!agreed) {
      tags.add('import-fuzzy');
      continue;
    }
    taken.add(only.id);
    matchTags(tags, only, tx);
  }
  return [...tags];
}

/** What updating `existing` from the imported `tx` does differently in each program. */
function matchTags(tags: Set<string>, existing: Row, tx: Row): Row[] {
  if (tx.date !== existing.date) tags.add('import-match-date');
  if (
    (tx.cleared === undefined && !existing.cleared) ||
    (tx.cleared === false && existing.cleared)
  ) {
    tags.add('import-match-cleared');
  }
  return [existing];
}

/** The account a transfer payee moves money to, or null. */
async function transferAccount(view: View, payee: unknown): Promise<string | null> {
  if (!payee) return null;
  const found = (await view.payees()).find((p) => p.id === payee);
  return found?.transfer_acct ?? null;
}

/**
 * New splits whose parent names one account's transfer payee and a line another's: 6.9 clears
 * the line's payee, 26 and Coffer make the line its own transfer.
 */
async function splitTags(view: View, txs: Row[]): Promise<string[]> {
  for (const tx of txs) {
    if (!tx.subtransactions || !(await transferAccount(view, tx.payee))) continue;
    for (const line of tx.subtransactions as Row[]) {
      if (line.payee && line.payee !== tx.payee && (await transferAccount(view, line.payee))) {
        return ['line-other-transfer'];
      }
    }
  }
  return [];
}

async function updateTags(view: View, { target, fields }: Row): Promise<string[]> {
  const tags: string[] = [];
  const row: Row = target.row;
  if (row.is_parent) {
    tags.push('parent-update');
    const payee = 'payee' in fields ? fields.payee : row.payee;
    const lines: Row[] = row.subtransactions ?? [];
    if (payee && lines.some((l) => !l.payee)) tags.push('parent-update-line-payee');
  }
  if ('date' in fields && fields.date !== row.date) {
    const lines: Row[] = row.subtransactions ?? [];
    if (row.transfer_id || lines.some((l) => l.transfer_id)) tags.push('transfer-date');
  }
  if (row.transfer_id && !row.is_parent) {
    // The other side is a split line: Actual moves it (account, and in 6.9 the date) out of
    // its split; Coffer keeps it there.
    const { flat } = await view.transactions();
    const other = flat.find((t) => t.row.id === row.transfer_id)?.row;
    if (other?.category) {
      // Both sides on the same side of the budget after the update: 6.9 clears this side's
      // category only, 26 and Coffer the other side's too.
      const target = await transferAccount(view, 'payee' in fields ? fields.payee : row.payee);
      const account = row.is_child ? row.account : (fields.account ?? row.account);
      const accounts = await view.accounts();
      const [a, b] = [account, target].map((id) => accounts.find((x) => x.id === id));
      if (a && b && a.id !== b.id && !!a.offbudget === !!b.offbudget) {
        tags.push('transfer-category-both-sides');
      }
    }
    if (other?.is_child) {
      const target = await transferAccount(view, 'payee' in fields ? fields.payee : row.payee);
      const moved = target !== null && target !== other.account;
      if (moved || ('date' in fields && fields.date !== row.date)) {
        tags.push('transfer-line-other-side');
      }
    }
  }
  if (row.is_child) {
    // Any update of a line that names another transfer payee than its parent (given anew or
    // kept): 6.9's transfer step clears the line's payee then.
    const payee = 'payee' in fields ? fields.payee : row.payee;
    const { flat } = await view.transactions();
    const parent = flat.find((t) => t.row.id === row.parent_id)?.row;
    const parentTarget = await transferAccount(view, parent?.payee);
    if (payee && parentTarget && parent?.payee !== payee && (await transferAccount(view, payee))) {
      tags.push('line-other-transfer');
    }
  }
  if (!row.is_child && fields.account && fields.account !== row.account) {
    // 26 drops the category of each row an update moves into an off-budget account: the row,
    // or a parent's lines (they move with it).
    const to = (await view.accounts()).find((a) => a.id === fields.account);
    const lines: Row[] = row.subtransactions ?? [];
    const category = row.is_parent
      ? lines.some((l) => !!l.category)
      : !!('category' in fields ? fields.category : row.category);
    if (to?.offbudget && category) tags.push('offbudget-moved-category');
  }
  const account = row.is_child ? row.account : (fields.account ?? row.account);
  const payee = 'payee' in fields ? fields.payee : row.payee;
  const lines: Row[] = row.is_parent ? (row.subtransactions ?? []) : [];
  const payees = [payee, ...lines.map((l) => l.payee)];
  for (const p of payees) {
    if ((await transferAccount(view, p)) === account) tags.push('self-transfer');
  }
  return [...new Set(tags)];
}
