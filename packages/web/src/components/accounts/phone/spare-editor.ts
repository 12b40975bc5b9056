/**
 * The new transaction's editor made ahead (issue 29): on a phone's budget and account screens
 * the editor 'Add transaction' opens is rendered while the page is idle, hidden in the page, so
 * the tap only shows it and gives its amount the focus in the tap's own handler. Rendering the
 * editor in the tap (its components, its elements, their styles) was the page's largest part of
 * the tap's CPU, and under a phone's CPU share a tap that outgrows one period of it waits for
 * the next. The focus in the handler is also what brings a phone's keyboard up: iOS Safari
 * opens it only for a focus given inside the person's gesture.
 *
 * One spare at a time, for one `?account=` and one day; it is used once: a fresh one is made
 * after the editor it became leaves (Save, Cancel, Back), so each opening starts blank.
 */
import { defineStoreSlot } from '../../../store/store.ts';

export interface Spare {
  /** Counts the spares made: each is its own editor (a React key). */
  id: number;
  /** The `?account=` of the editor it is (the page's Add transaction), or ''. */
  search: string;
  /** The day it was made on: its date is that day's. */
  day: string;
  /** The account list it was made with (its default account is chosen from it). */
  accounts: unknown;
}

export interface SpareState {
  spare: Spare | null;
  /** The spare's id once a tap has shown it (it is not hidden, nor offered again). */
  shown: number | null;
}

export class SpareEditor {
  private state: SpareState = { spare: null, shown: null };
  private made = 0;
  private readonly listeners = new Set<() => void>();

  readonly current = (): SpareState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A fresh spare for `search` (the one before, if any, goes). */
  make(search: string, day: string, accounts: unknown): void {
    this.made += 1;
    this.set({ spare: { id: this.made, search, day, accounts }, shown: null });
  }

  /** Whether a tap opening the new editor at `search` on `day` can show the spare. */
  fits(search: string, day: string): boolean {
    const { spare, shown } = this.state;
    return spare !== null && shown === null && spare.search === search && spare.day === day;
  }

  /** A tap shows the spare: it is the open editor now. */
  show(): void {
    const { spare } = this.state;
    if (spare && this.state.shown === null) this.set({ spare, shown: spare.id });
  }

  /** Whether the spare is fresh and made for `search` with `accounts` (else make another). */
  holds(search: string, accounts: unknown): boolean {
    const { spare, shown } = this.state;
    return (
      spare !== null && shown === null && spare.search === search && spare.accounts === accounts
    );
  }

  private set(state: SpareState): void {
    this.state = state;
    for (const l of [...this.listeners]) l();
  }
}

export const SpareEditorSlot = defineStoreSlot('spare-editor', () => new SpareEditor());

/** The `?account=` of the new transaction's editor that 'Add transaction' opens on `pathname`. */
export function newEditorSearch(pathname: string): string {
  const match = /^\/accounts\/([^/]+)$/.exec(pathname);
  const special = ['budgeted', 'offbudget', 'uncategorized'];
  const account = match && !special.includes(match[1]!) ? match[1] : null;
  return account ? `?account=${account}` : '';
}
