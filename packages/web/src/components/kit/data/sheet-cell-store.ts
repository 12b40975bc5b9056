/**
 * Sheet cells for a page that shows many of them (the budget table: every category × month ×
 * budgeted / spent / balance): each cell is subscribed on its own, so a `cells-changed` push
 * re-renders only the cells whose values changed, and cells can be read ahead (the months
 * beside the shown ones) so moving to them paints at once.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Backend } from '../../../backend/backend.ts';

interface CellChange {
  name: string;
  value: unknown;
}

export class SheetCellStore {
  private readonly values = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Push sequence per cell, so a read answered after a newer push does not overwrite it. */
  private readonly pushedAt = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();
  private seq = 0;
  /** Bumped by reload: answers to reads made before it are dropped. */
  private generation = 0;
  private off: (() => void) | null = null;

  constructor(private readonly backend: Backend) {}

  /**
   * Follows the core's `cells-changed` pushes until the returned function is called (from an
   * effect, so a render React throws away leaves no listener behind).
   */
  open(): () => void {
    this.off?.();
    const off = this.backend.listen('cells-changed', (changes: CellChange[]) => {
      if (Array.isArray(changes)) this.apply(changes);
    });
    this.off = off;
    return () => {
      off();
      if (this.off === off) this.off = null;
    };
  }

  private apply(changes: readonly CellChange[]): void {
    const seq = ++this.seq;
    const touched: string[] = [];
    for (const { name, value } of changes) {
      // Only cells someone read are kept: a sync can push thousands of others.
      if (!this.values.has(name) && !this.pending.has(name)) continue;
      this.pushedAt.set(name, seq);
      if (this.values.has(name) && this.values.get(name) === value) continue;
      this.values.set(name, value);
      touched.push(name);
    }
    this.notify(touched);
  }

  /**
   * Shows values the page can foresee (an edit's effect on its own month) before the core's
   * push confirms them; the push, or `refresh` when the core refused the edit, replaces them.
   */
  predict(changes: readonly CellChange[]): void {
    const touched: string[] = [];
    for (const { name, value } of changes) {
      if (!this.values.has(name) || this.values.get(name) === value) continue;
      this.values.set(name, value);
      touched.push(name);
    }
    this.notify(touched);
  }

  /** Reads `names` again from the core, whatever is known of them. */
  refresh(names: readonly string[]): Promise<void> {
    return this.load(names, true);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Whether every one of `names` has been read. */
  hasAll(names: readonly string[]): boolean {
    return names.every((n) => this.values.has(n));
  }

  get(name: string): unknown {
    return this.values.get(name);
  }

  /** A cell's value as a number (missing and non-numbers are 0). */
  number(name: string): number {
    const v = this.values.get(name);
    return typeof v === 'number' ? v : 0;
  }

  /** Reads the cells not read yet, in one `getCells`; resolves when all of `names` are known. */
  load(names: readonly string[], again = false): Promise<void> {
    const missing = names.filter((n) => (again || !this.values.has(n)) && !this.pending.has(n));
    const waits = new Set<Promise<void>>();
    for (const n of names) {
      const p = this.pending.get(n);
      if (p) waits.add(p);
    }
    if (missing.length > 0) {
      const startSeq = this.seq;
      const generation = this.generation;
      const read = this.backend
        .send('getCells', { names: missing })
        .then((cells) => {
          if (generation !== this.generation) return;
          const touched: string[] = [];
          for (const { name, value } of Array.isArray(cells) ? cells : []) {
            if ((this.pushedAt.get(name) ?? -1) > startSeq) continue;
            this.values.set(name, value);
            touched.push(name);
          }
          // A cell the core did not answer for still counts as read (it shows as empty).
          for (const n of missing) {
            if (!this.values.has(n)) this.values.set(n, null);
          }
          this.notify(touched);
        })
        .finally(() => {
          for (const n of missing) if (this.pending.get(n) === read) this.pending.delete(n);
        });
      for (const n of missing) this.pending.set(n, read);
      waits.add(read);
    }
    return Promise.all(waits).then(() => undefined);
  }

  /**
   * Forgets every value and reads `names` again (after the budget type switched, when every
   * cell is computed anew). Subscribers keep their subscriptions and hear the new values.
   */
  reload(names: readonly string[]): Promise<void> {
    this.generation++;
    this.values.clear();
    this.pending.clear();
    return this.load(names);
  }

  subscribe(name: string, listener: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(name);
    };
  }

  private notify(names: readonly string[]): void {
    for (const name of names) {
      for (const l of [...(this.listeners.get(name) ?? [])]) l();
    }
  }
}

/** One cell's value, re-rendering only when that cell changes. */
export function useStoreCell(store: SheetCellStore, name: string): unknown {
  const subscribe = useCallback((cb: () => void) => store.subscribe(name, cb), [store, name]);
  const read = () => store.get(name);
  return useSyncExternalStore(subscribe, read, read);
}

/** One cell's value as a number (missing and non-numbers are 0). */
export function useStoreNumber(store: SheetCellStore, name: string): number {
  const v = useStoreCell(store, name);
  return typeof v === 'number' ? v : 0;
}
