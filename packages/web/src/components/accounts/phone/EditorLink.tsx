/**
 * A link that opens the phone's transaction editor over the page it is on: 'Add transaction'
 * and every row of an account's list. One way for both: a tap shows the editor's layer in the
 * tap's own task (`PhoneMemory.opening`), rendered at once, and the link's own navigation (after
 * this handler) then moves the address, a transition that finds the editor already there.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useStore } from '../../../store/context.ts';
import type { RegisterTx } from '../types.ts';
import { EditorCodeSlot } from './editor-loader.ts';
import type { Under } from './navigation.ts';
import { PhoneMemorySlot } from './phone-memory.ts';

/** A plain tap or click (not one that opens a new tab or window, nor one a handler took). */
function plainClick(e: MouseEvent): boolean {
  return (
    !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey
  );
}

export function EditorLink(props: {
  /** The editor's address: `/transactions/new` or `/transactions/{id}`. */
  pathname: string;
  search?: string;
  /** The page the editor covers (`editorState`). */
  state: Under;
  /** The row tapped, as the list holds it: its editor shows it without a read first. */
  tx?: RegisterTx;
  className?: string;
  children: ReactNode;
}) {
  const { pathname, search = '', state, tx = null } = props;
  const store = useStore();
  return (
    <Link
      to={`${pathname}${search}`}
      state={state}
      className={props.className}
      // The editor's code is asked for when idle (AddTransactionButton); a finger down asks at
      // once if idle came late, so the tap finds it.
      onPointerDown={() =>
        void store
          .slot(EditorCodeSlot)
          .load()
          .catch(() => undefined)
      }
      onClick={(e) => {
        // Without its code the editor comes the router's way (a spinner, then the editor).
        if (!plainClick(e) || !store.slot(EditorCodeSlot).current()) return;
        const to = { pathname, search, hash: '', state, key: 'opening' };
        store.slot(PhoneMemorySlot).opening(to, tx);
      }}
    >
      {props.children}
    </Link>
  );
}
