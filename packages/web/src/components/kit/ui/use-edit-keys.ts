import { type FocusEvent, type KeyboardEvent, useRef } from 'react';
import { type CommitReason, commitReasonForKey } from './cell-keys.ts';

export interface EditKeysOptions {
  /** A table cell: Tab and the vertical arrows end the edit too (see cell-keys.ts). */
  cell: boolean;
  /** Ends the edit; returns false when the value is refused, and the input keeps focus. */
  commit: (reason: CommitReason) => boolean;
  /** Escape: put the text back. `dirty` says whether there was anything to put back. */
  revert: (dirty: boolean) => void;
  /** Whether the text differs from the value it started from. */
  isDirty: () => boolean;
}

/**
 * The key and blur handling every kit input shares. A commit by key is not repeated by the
 * blur that follows when the table moves focus on.
 */
export function useEditKeys({ cell, commit, revert, isDirty }: EditKeysOptions) {
  const endedByKey = useRef(false);

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    // Any key after a commit that left focus here means a new edit: its blur counts again.
    endedByKey.current = false;
    if (e.defaultPrevented) return;
    if (e.key === 'Escape') {
      const dirty = isDirty();
      // A first Escape reverts the text; only an Escape with nothing to revert reaches the
      // dialog or table around the input (which may close or leave edit mode).
      if (dirty || cell) e.stopPropagation();
      revert(dirty);
      return;
    }
    const reason = commitReasonForKey(e, cell);
    if (!reason) return;
    if (cell || reason !== 'enter') e.preventDefault();
    if (commit(reason)) endedByKey.current = true;
    else e.preventDefault();
  }

  function onBlur(_e: FocusEvent<HTMLElement>) {
    if (endedByKey.current) {
      endedByKey.current = false;
      return;
    }
    commit('blur');
  }

  function onFocus() {
    endedByKey.current = false;
  }

  /** A click in the input after a commit by key starts a new edit too. */
  function onMouseDown() {
    endedByKey.current = false;
  }

  return { onKeyDown, onBlur, onFocus, onMouseDown };
}
