/**
 * What the phone's register keeps while the transaction editor covers it (issue 29): the rows
 * each recent view showed, and the transaction the editor has just saved. Back from the editor
 * the register paints at once from these, with the saved row in place (the core's answer to
 * the write has confirmed it), instead of a blank list until its rows are read again from the
 * core; that read then replaces them.
 */
import { defineStoreSlot } from '../../../store/store.ts';
import type { RegisterTx } from '../types.ts';

export interface KeptRows {
  groups: RegisterTx[];
  /** The view's balance read with the rows (running balances), or null. */
  balance: number | null;
}

/** A write the editor made: a new transaction (`before` null), an edit, or a delete (`after` null). */
export interface SavedTx {
  before: RegisterTx | null;
  after: RegisterTx | null;
}

/** The few views kept: an account and the lists a phone moves between. */
const KEPT_VIEWS = 4;

export class PhoneMemory {
  private readonly views = new Map<string, KeptRows>();
  private saved: SavedTx | null = null;

  /** The rows a view (its query's key, in one budget) showed last. */
  keep(key: string, rows: KeptRows): void {
    this.views.delete(key);
    this.views.set(key, rows);
    for (const old of this.views.keys()) {
      if (this.views.size <= KEPT_VIEWS) break;
      this.views.delete(old);
    }
  }

  /** The editor's write, answered by the core: the next register to paint shows it. */
  save(saved: SavedTx): void {
    this.saved = saved;
  }

  /**
   * What a view showed last, with the editor's latest write in place when the view is the
   * account it was in (other views wait for their read). Null: nothing kept.
   */
  rows(key: string, account: string | null): KeptRows | null {
    const kept = this.views.get(key);
    if (!kept) return null;
    return this.saved && account ? withSaved(kept, this.saved, account) : kept;
  }

  /** The view's rows read from the core: they hold every write, the editor's too. */
  read(key: string, rows: KeptRows): void {
    this.saved = null;
    this.keep(key, rows);
  }
}

export const PhoneMemorySlot = defineStoreSlot('phone-memory', () => new PhoneMemory());

/**
 * One account's kept rows (newest first) with a saved write in place: an edit where its row
 * was, a new row above the first of its day or older, a delete (or a move to another account)
 * gone; the balance moved by the difference.
 */
export function withSaved(kept: KeptRows, saved: SavedTx, account: string): KeptRows {
  const { before, after } = saved;
  const inView = (tx: RegisterTx | null): tx is RegisterTx => !!tx && tx.account === account;
  const was = inView(before) ? before : null;
  const now = inView(after) ? after : null;
  if (!was && !now) return kept;
  let groups = kept.groups;
  const at = was ? groups.findIndex((g) => g.id === was.id) : -1;
  if (at >= 0) groups = [...groups.slice(0, at), ...groups.slice(at + 1)];
  if (now) {
    // An edit that keeps its day keeps its place; otherwise above the first row of its day or
    // older (the end of the kept page if none: the read then puts it where it belongs).
    const place =
      at >= 0 && kept.groups[at]!.date === now.date ? at : firstOnOrBefore(groups, now.date);
    groups = [...groups.slice(0, place), now, ...groups.slice(place)];
  }
  const delta = (now?.amount ?? 0) - (was?.amount ?? 0);
  return { groups, balance: kept.balance === null ? null : kept.balance + delta };
}

function firstOnOrBefore(groups: readonly RegisterTx[], date: string): number {
  const i = groups.findIndex((g) => g.date <= date);
  return i < 0 ? groups.length : i;
}
