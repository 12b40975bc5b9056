import { useEffect, useRef } from 'react';
import type { AppStore } from '../../../store/store.ts';
import type { ModalProps } from '../../../store/modals.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { DialogFooter, Modal } from '../../kit/ui/Modal.tsx';
import type { Draft } from '../editing/draft.ts';

/** Whether the register's new transaction holds anything typed (an empty add row is not work). */
export function draftTyped(d: Draft | null): boolean {
  if (!d) return false;
  return d.amount !== 0 || !!d.payee || !!d.category || !!d.notes || d.cleared || d.lines !== null;
}

/**
 * The desktop register's new transaction, held while it is open: a signed-out answer from the
 * server (after the budget showed) asks the phone editor's leave question here before the
 * budget closes. Discard drops the new transaction; Keep editing keeps it, and the budget closes
 * once it is saved or cancelled (the add row closes: the hold ends).
 */
export function useDraftHold(store: AppStore, draft: Draft | null, drop: () => void): void {
  const now = useRef({ draft, drop });
  now.current = { draft, drop };
  const open = draft !== null;
  useEffect(() => {
    if (!open) return;
    return store.holdUnsaved({
      dirty: () => draftTyped(now.current.draft),
      ask: (leave, keep) =>
        store.pushModal('discard-changes', {
          onAnswer: (discard) => {
            if (!discard) return keep();
            now.current.drop();
            leave();
          },
        }),
    });
  }, [store, open]);
}

/** 'Discard changes?' for the register's new transaction, when the server says signed out. */
export function DiscardChangesModal({ options, active, close }: ModalProps<'discard-changes'>) {
  const answer = (discard: boolean) => {
    close();
    options.onAnswer(discard);
  };
  return (
    <Modal title="Discard changes?" onClose={() => answer(false)} active={active} width={420}>
      <div className="stack">
        <p>You are not logged in. Discard the changes to this transaction?</p>
        <DialogFooter>
          <Button type="button" autoFocus onClick={() => answer(false)}>
            Keep editing
          </Button>
          <Button type="button" variant="danger" onClick={() => answer(true)}>
            Discard
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}
