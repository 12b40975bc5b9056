import { defineBudgetSlot } from '../budget-file/budget.ts';
import type { Budget } from '../budget-file/budget.ts';
import type { ImportTransaction } from './normalize.ts';
import type { PreparedImport } from './reconcile.ts';

interface Kept {
  token: string;
  accountId: string;
  transactions: readonly ImportTransaction[];
  prepared: PreparedImport;
}

/**
 * The import the last preview worked out (normalised rows, rules run, matches), so the import
 * the user then confirms need not read the file and the account again: the modal's preview
 * and its import are the same rows a few seconds apart, and the reading is a fifth of the
 * import. It is kept only while nothing in the budget changes (any committed change, local,
 * synced or undone, drops it) and is used once, by an import that names its token and hands
 * over the very same rows; anything else works the import out afresh.
 */
export class PreviewMemo {
  private kept: Kept | null = null;
  private readonly off: () => void;

  constructor(private readonly budget: Budget) {
    this.off = budget.db.onChange(() => {
      this.kept = null;
    });
  }

  /** Keep what a preview worked out; answers the token an import names to use it. */
  keep(
    accountId: string,
    transactions: readonly ImportTransaction[],
    prepared: PreparedImport,
  ): string {
    const token = this.budget.env.platform.random.uuid();
    this.kept = { token, accountId, transactions, prepared };
    return token;
  }

  /** The kept import for these rows, or null; it is forgotten either way. */
  take(
    token: string,
    accountId: string,
    transactions: readonly ImportTransaction[],
  ): PreparedImport | null {
    const kept = this.kept;
    this.kept = null;
    if (!kept || kept.token !== token || kept.accountId !== accountId) return null;
    return sameValue(kept.transactions, transactions) ? kept.prepared : null;
  }

  close(): void {
    this.off();
    this.kept = null;
  }
}

/** Equal as JSON-like data (the rows came by structured clone, so never the same objects). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    keys++;
    if (!(key in right) || !sameValue(left[key], right[key])) return false;
  }
  return keys === Object.keys(right).length;
}

export const PreviewMemoSlot = defineBudgetSlot(
  'import-preview-memo',
  (budget) => new PreviewMemo(budget),
  (memo) => memo.close(),
);
