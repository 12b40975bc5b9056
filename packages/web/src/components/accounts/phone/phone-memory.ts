/**
 * What the phone's register keeps while the transaction editor covers it (issue 29): the rows
 * each recent view showed, and the transaction the editor has just saved. Back from the editor
 * the register paints at once from these, with the saved row in place (marked as saving until
 * the core's answer confirms it), instead of a blank list until its rows are read again from
 * the core; that read then replaces them. A save the core refuses leaves its typing here for
 * the editor, which opens again with it.
 */
import { defineStoreSlot } from '../../../store/store.ts';
import type { Draft } from '../editing/draft.ts';
import type { RegisterTx } from '../types.ts';
import type { Location } from 'react-router';

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

/**
 * A save the editor left with before the core answered: the page's own checks passed, so the
 * list shows it at once, marked as saving, until the core's answer (`saving` false) or its
 * refusal (gone from the list, the editor back with `Refused`).
 */
export interface SavedState {
  saved: SavedTx | null;
  saving: boolean;
  /** Counts the saves: rows read before the latest one still need it put in place. */
  seq: number;
  /**
   * The history entry (its key) of the editor the latest save left: the editor goes and the
   * page under it shows in the save's own task, before the history's step back comes (a trip
   * through the browser that a phone under load took 60-150 ms over).
   */
  left: string | null;
}

/**
 * A save the core refused: the editor opens again with what was typed and the core's message
 * (`start`: the draft the editor began with, so leaving still asks first).
 */
export interface Refused {
  /** The transaction's id, or 'new'. */
  editor: string;
  start: Draft;
  draft: Draft;
  message: string;
}

/** The few views kept: an account and the lists a phone moves between. */
const KEPT_VIEWS = 4;

export class PhoneMemory {
  private readonly views = new Map<string, KeptRows & { seq: number }>();
  private state: SavedState = { saved: null, saving: false, seq: 0, left: null };
  private refusal: Refused | null = null;
  private open: { to: Location; tx: RegisterTx | null } | null = null;
  private readonly listeners = new Set<() => void>();

  /** The rows a view (its query's key, in one budget) showed last. */
  keep(key: string, rows: KeptRows): void {
    this.views.delete(key);
    this.views.set(key, { ...rows, seq: this.state.seq });
    for (const old of this.views.keys()) {
      if (this.views.size <= KEPT_VIEWS) break;
      this.views.delete(old);
    }
  }

  /**
   * The editor's write: `saving` while the core has not answered (the list marks the row), or
   * answered. The next register to paint shows it.
   */
  save(saved: SavedTx, saving = false, left: string | null = null): void {
    this.refusal = null;
    this.set({ saved, saving, seq: this.state.seq + 1, left });
  }

  /** The history has stepped away from the entry the save left: nothing left to hide. */
  arrived(): void {
    if (this.state.left !== null) this.set({ ...this.state, left: null });
  }

  /** The core wrote the save that was on its way. */
  confirm(): void {
    if (this.state.saving) this.set({ ...this.state, saving: false });
  }

  /** The core refused the save on its way: the list drops it, the editor takes `refused`. */
  refuse(refused: Refused): void {
    this.refusal = refused;
    this.set({ saved: null, saving: false, seq: this.state.seq, left: this.state.left });
  }

  /** The refused typing for `editor` (an id, or 'new'), if any. */
  peekRefused(editor: string): Refused | null {
    return this.refusal?.editor === editor ? this.refusal : null;
  }

  /** The editor has taken its refused typing: it is not offered again. */
  dropRefused(editor: string): void {
    if (this.refusal?.editor === editor) this.refusal = null;
  }

  /**
   * A tap opens the editor at `to` (its address, the covered page in its state): the layer
   * shows in the tap's own task, rendered at once, while the router's own change of address is
   * a transition React renders in slices (a slice's yield under a phone's CPU quota waited for
   * other tasks and frames: the editor's first frame came 300+ ms after the tap), and a focus
   * outside the tap's task does not bring up a phone's keyboard. `tx`: the row the tap was on,
   * as the list holds it, so its editor shows it at once, without waiting for a read.
   */
  opening(to: Location, tx: RegisterTx | null = null): void {
    this.open = { to, tx };
    for (const l of [...this.listeners]) l();
  }

  /**
   * The router has moved (to the editor, or elsewhere): its address rules again. No one is
   * told: the layer already follows the router once it has left the tapped page
   * (`useEditorLayer`), and a render for it would render the editor once more for nothing; the
   * next render reads it, before the router can come back to that page.
   */
  opened(): void {
    this.open = null;
  }

  /** The editor being opened before the router's address arrives (`useSyncExternalStore`). */
  readonly openingNow = (): Location | null => this.open?.to ?? null;

  /** The row a tap is opening the editor of `id` from (null: none, or another). */
  openingTx(id: string): RegisterTx | null {
    const tx = this.open?.tx;
    return tx && tx.id === id ? tx : null;
  }

  /** The latest save and whether it is on its way (for `useSyncExternalStore`). */
  readonly current = (): SavedState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * What a view showed last, with the editor's latest write in place when the view is the
   * account it was in and its rows were read before that write (other views wait for their
   * read). Null: nothing kept.
   */
  rows(key: string, account: string | null): KeptRows | null {
    const kept = this.views.get(key);
    if (!kept) return null;
    const { saved, seq } = this.state;
    const rows = { groups: kept.groups, balance: kept.balance };
    return saved && account && kept.seq < seq ? withSaved(rows, saved, account) : rows;
  }

  /** The view's rows read from the core: once the save is written, they hold it. */
  read(key: string, rows: KeptRows): void {
    if (!this.state.saving && this.state.saved) this.state = { ...this.state, saved: null };
    this.keep(key, rows);
  }

  private set(state: SavedState): void {
    this.state = state;
    for (const l of [...this.listeners]) l();
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
  // A new row already there: these rows were read after the write.
  if (!was && now && groups.some((g) => g.id === now.id)) return kept;
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
