import type { MutableRefObject } from 'react';
import type { NavContext, NavRow } from '../register/nav-rows.ts';
import type { RegisterRows } from '../rows/use-register-rows.ts';
import type { EditContext } from './edits.ts';
import type { RegisterField, RegisterTx } from '../types.ts';

export interface Cursor {
  row: string;
  field: RegisterField;
  editing: boolean;
  /** Keyboard focus goes to the row itself (after Escape, or moving in row mode). */
  focusRow?: boolean;
}

export interface FieldError {
  row: string;
  field: RegisterField;
  message: string;
}

export interface EditingOptions {
  /** The register's rows (the add row's are added here). */
  registerRows: readonly NavRow[];
  navCtx: NavContext;
  ctx: EditContext;
  patch: RegisterRows['patch'];
  /** The account a new transaction goes to by default. */
  defaultAccount: (lastUsed: string | null) => string | null;
  /** Brings a register row into view (the add row is always in view). */
  reveal: (key: string) => void;
  /**
   * Reads the register's next page when the cursor moves down past the last loaded row;
   * resolves true once rows were added (the register reads a screenful first).
   */
  more?: () => Promise<boolean>;
  /**
   * A transaction's amount is about to change by `delta`: show the balances it moves at once.
   * Returns what puts them back if the core refuses the write.
   */
  onAmountChange?: (tx: RegisterTx, delta: number) => () => void;
  /** Payees a write is creating (so the same name typed again reuses them). */
  onCreatedPayees: (payees: Array<{ id: string; name: string }>) => void;
  /**
   * Asks before changing reconciled transactions (`count` of them, of `total` the action
   * changes; a delete says so); resolves true to go ahead.
   */
  confirmReconciled: (
    tx: RegisterTx,
    more?: { count: number; total: number; action: 'edit' | 'delete' },
  ) => Promise<boolean>;
}

/** What the editing hook's parts share: the latest options and the cursor and error setters. */
export interface EditingCore {
  latest: MutableRefObject<EditingOptions>;
  setCursor: (next: Cursor | null | ((c: Cursor | null) => Cursor | null)) => void;
  setError: (error: FieldError | null) => void;
}
