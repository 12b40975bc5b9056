import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { insertPayee } from '../payees/queries.ts';
import { batchUpdateStored } from '../transactions/batch.ts';
import { TransactionHooksSlot } from '../transactions/hooks.ts';
import type { StoredTx, TransactionInput } from '../transactions/model.ts';
import { makeSplit } from '../transactions/splits.ts';
import {
  type Existing,
  type Match,
  type MatchReason,
  existingFields,
  matchExisting,
} from './match.ts';
import {
  type ImportTransaction,
  type NewPayee,
  type Normalized,
  normalizeImport,
} from './normalize.ts';

export interface ImportError {
  message: string;
}

/** What `transactions-import` answers: the ids written, or errors and nothing written. */
export interface ImportResult {
  errors: ImportError[];
  /** Every transaction written new (split lines included). */
  added: string[];
  /** The existing transactions a match changed. */
  updated: string[];
  /** Every existing transaction matched, changed or not (one per matched import row). */
  matched: string[];
  /**
   * `updated` as Actual's api answers it: each updated split whose cleared flag the import
   * changed is followed by its lines (they follow the parent's flag). The api answers this.
   */
  updatedWithLines: string[];
}

export type Update = TransactionInput & { id: string };

const failed = (message: string): ImportResult => ({
  errors: [{ message }],
  added: [],
  updated: [],
  matched: [],
  updatedWithLines: [],
});

/**
 * The row an import adds: the prepared fields, cleared unless the file said otherwise. A new
 * row needs no message for an empty column (every such column defaults to null), which saves
 * a good share of a large import's messages. One copy, made field by field (a spread and then
 * a filtered copy made two objects per row, and a `delete` would leave a slow dictionary).
 */
function newRow(trans: TransactionInput): TransactionInput {
  const out: Record<string, unknown> = {};
  const row = trans as Record<string, unknown>;
  for (const key in row) {
    const value = row[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  out.cleared = trans.cleared ?? true;
  return out as TransactionInput;
}

/**
 * The update a match gets: the import's date, ids, imported payee and cleared flag, while the
 * payee, category and notes the user set are kept (filled from the import only when empty).
 * Only the fields that change are returned; null when nothing does.
 */
function updateFor(row: Existing, trans: TransactionInput): Update | null {
  const existing = existingFields(row);
  const target = {
    date: trans.date ?? existing.date,
    imported_id: trans.imported_id || null,
    payee: existing.payee || trans.payee || null,
    category: existing.category || trans.category || null,
    imported_payee: trans.imported_payee || null,
    notes: existing.notes || trans.notes || null,
    cleared: trans.cleared ?? true,
  };
  const update: Update = { id: row.id };
  let changed = false;
  for (const key of Object.keys(target) as (keyof typeof target)[]) {
    if (target[key] !== existing[key]) {
      (update as Record<string, unknown>)[key] = target[key];
      changed = true;
    }
  }
  // A bank row says whether it has posted; a file says nothing, and the flag stays.
  if (trans.pending != null && (Number(row.row.pending ?? 0) === 1) !== trans.pending) {
    update.pending = trans.pending;
    changed = true;
  }
  return changed ? update : null;
}

/** An import worked out but not written: what `importTransactions` and the preview share. */
export interface PreparedImport {
  items: Normalized[];
  /** By index: the existing transaction each one matched, and why; null for a new one. */
  matches: (Match | null)[];
  /** By index: the fields a match would change; null when new or when nothing changes. */
  updates: (Update | null)[];
  newPayees: Map<string, NewPayee>;
}

/**
 * Normalises the transactions, runs the rules on them and matches them against what the
 * account already has (see `matchExisting`), reading only. A failure is the message to show.
 */
export function prepareImport(
  budget: Budget,
  accountId: string,
  transactions: readonly ImportTransaction[],
  options: { rawPayeeName?: boolean; unmatchable?: ReadonlySet<string> } = {},
): PreparedImport | { error: string } {
  const account = budget.sqlite.first('SELECT id FROM accounts WHERE id = ? AND tombstone = 0', [
    accountId,
  ]);
  if (!account) return { error: `No account with id ${accountId}` };
  const normalized = normalizeImport(budget, accountId, transactions, {
    rawPayeeName: options.rawPayeeName,
  });
  if (!normalized.ok) return { error: normalized.message };
  const runRules = budget.get(TransactionHooksSlot).runRules;
  const items = normalized.items;
  if (runRules) for (const item of items) item.trans = runRules(item.trans) as typeof item.trans;
  const matches = matchExisting(budget, accountId, items, options.unmatchable);
  const updates = items.map(({ trans }, i) => {
    const match = matches[i];
    return match ? updateFor(match.row, trans) : null;
  });
  return { items, matches, updates, newPayees: normalized.newPayees };
}

export interface ImportOptions {
  emit?: Emit;
  /** Keep payee names as given (bank sync: the server built them). */
  rawPayeeName?: boolean;
  /** Existing rows no imported row may match (a bank sync settles them itself). */
  unmatchable?: ReadonlySet<string>;
  /** Add every row, matching none (a bank row an unmatch splits off). */
  addOnly?: boolean;
  /** Told of each match: the imported row's index, why, and the row as it was before. */
  onMatch?: (m: { index: number; reason: MatchReason; before: StoredTx; changed: boolean }) => void;
  /** What a preview of these very rows worked out, the budget unchanged since (see PreviewMemo). */
  prepared?: PreparedImport;
}

/**
 * Imports transactions into an account (`transactions-import`): normalise them, run the
 * rules, match them against what the account already has (see `matchExisting`), update the
 * matches without overwriting what the user set, add the rest, and create only the payees
 * that ended up used. Everything is one write batch, hence one SQLite transaction (and one
 * undo step): an error leaves the budget exactly as it was.
 */
export function importTransactions(
  budget: Budget,
  accountId: string,
  transactions: readonly ImportTransaction[],
  options: ImportOptions = {},
): ImportResult {
  const prepared = options.prepared ?? prepareImport(budget, accountId, transactions, options);
  if ('error' in prepared) return failed(prepared.error);
  const { items, updates } = prepared;
  const matches = options.addOnly ? items.map(() => null) : prepared.matches;

  const newId = () => budget.env.platform.random.uuid();
  const added: TransactionInput[] = [];
  const updated: Update[] = [];
  const matched: string[] = [];
  const loadedRows: StoredTx[] = [];
  const updatedWithLines: string[] = [];
  items.forEach(({ trans, subtransactions }, i) => {
    const match = matches[i];
    if (match) {
      matched.push(match.row.id);
      const update = updates[i];
      options.onMatch?.({
        index: i,
        reason: match.reason,
        before: match.row.row,
        changed: !!update,
      });
      if (update) {
        updated.push(update);
        loadedRows.push(match.row.row);
        updatedWithLines.push(update.id, ...linesRecleared(budget, match.row.row, update));
      }
      return;
    }
    if (subtransactions && subtransactions.length > 0) {
      added.push(...makeSplit({ ...newRow(trans), id: newId() }, subtransactions, newId));
    } else {
      // The batch gives it an id (a fresh one it need not check against the table).
      added.push(newRow(trans));
    }
  });

  const used = new Set<string>();
  for (const t of added) if (t.payee) used.add(t.payee);
  for (const t of updated) if (t.payee) used.add(t.payee);
  const toCreate = [...prepared.newPayees.values()].filter((p) => used.has(p.id));
  const result = batchUpdateStored(
    budget,
    { added, updated },
    {
      emit: options.emit,
      knownPayees: new Set(toCreate.map((p) => p.id)),
      loadedRows,
      beforeWrite: () => {
        for (const payee of toCreate) insertPayee(budget.db, payee);
      },
    },
  );
  if ('error' in result) return failed(result.error.message);
  return {
    errors: [],
    added: result.added.map((t) => t.id),
    updated: updated.map((t) => t.id),
    matched,
    updatedWithLines,
  };
}

/**
 * A split parent whose cleared flag the import changes changes its lines' too (they follow
 * it); Actual's api lists each of those lines as updated, so a script counting the updates
 * counts the same with Coffer's.
 */
function linesRecleared(budget: Budget, row: StoredTx, update: Update): string[] {
  if (row.isParent !== 1 || update.cleared === undefined) return [];
  if ((row.cleared === 1) === !!update.cleared) return [];
  return budget.sqlite
    .all<{ id: string }>(
      'SELECT id FROM transactions WHERE parent_id = ? AND isChild = 1 AND tombstone = 0 ORDER BY sort_order DESC, id',
      [row.id],
    )
    .map((r) => r.id);
}
