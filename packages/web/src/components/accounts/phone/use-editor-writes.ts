/**
 * The touch editor's save and delete: one `transactions-batch-update` each (one undo step),
 * said with Undo once the core has written it. The editor closes at once (issue 29: save →
 * list painted ≤ 100 ms on a phone-class CPU, while the core's write takes far longer): the
 * page's own checks have passed by then (`editorProblem`, the amounts), so the list shows the
 * row straight away from what the editor held, marked as saving (phone-memory.ts). A refusal
 * from the core takes the row away and opens the editor again over the page the person is on,
 * with its message and everything typed.
 */
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { failureOf } from '../../../backend/backend.ts';
import { loadPayees } from '../../../store/actions.ts';
import { useAppState, useStore } from '../../../store/context.ts';
import { foreseeBalances } from '../balances/use-foreseen-balances.ts';
import type { Draft } from '../editing/draft.ts';
import type { EditContext } from '../editing/edits.ts';
import { deleteChanges } from '../editing/edits.ts';
import { newUuid } from '../editing/uuid.ts';
import type { BatchChanges, RegisterTx } from '../types.ts';
import { saveChanges, savedTx } from './editor-draft.ts';
import { canGoBack, currentLocation, editorState } from './navigation.ts';
import { PhoneMemorySlot, type SavedTx } from './phone-memory.ts';

/** The editor's address for `before` (a new one in `account`), to open it again. */
export function editorPath(before: RegisterTx | null, account: string | null): string {
  if (before) return `/transactions/${before.id}`;
  return account ? `/transactions/new?account=${account}` : '/transactions/new';
}

/**
 * After the next frame has been drawn (an animation frame, then a task); a hidden page draws no
 * frames, so at most `FRAME_WAIT_MS` later whatever comes.
 */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const late = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(late);
        resolve();
      }, 0),
    );
  });
}

/** The longest the write waits for the list's frame. */
const FRAME_WAIT_MS = 100;

export function useEditorWrites(opts: {
  before: RegisterTx | null;
  /** The `?account=` the editor was opened with (a new transaction). */
  account: string | null;
  /** The draft the editor began with: the reopened editor still counts what was typed. */
  start: Draft;
  back: () => void;
}) {
  const { before, account, start, back } = opts;
  const store = useStore();
  const navigate = useNavigate();
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  // Payees this editor created, known by name before the payee list reloads.
  const created = useRef(new Map<string, string>());
  const ctx: EditContext = useMemo(() => {
    const known = new Map(payees.filter((p) => !p.transfer_acct).map((p) => [p.name, p.id]));
    return {
      newId: newUuid,
      payeeByName: { get: (name) => known.get(name) ?? created.current.get(name) },
    };
  }, [payees]);
  /** Sends the write, then lets go of its hold: a close that waited for it comes after. */
  const sendThen = (changes: BatchChanges, release: () => void) => {
    try {
      return store.backend.send('transactions-batch-update', changes);
    } finally {
      release();
    }
  };
  const undoButton = { title: 'Undo', action: () => void store.backend.send('undo') };

  async function write(changes: BatchChanges, message: string, saved: SavedTx, draft: Draft) {
    const memory = store.slot(PhoneMemorySlot);
    // Shown at once, marked as saving; the editor leaves before the core has answered. The
    // balances it moves (the account's above its list, the accounts') show the new figures
    // with it: the row taken out as it was, put in as saved.
    // Back through the history (the page under the editor is the entry before it): the layer
    // goes at once, the step back follows (EditorLayer.tsx).
    memory.save(saved, true, canGoBack() ? currentLocation().key : null);
    const reread = foreseeBalances(
      store,
      [
        ...(saved.before ? [[saved.before, -saved.before.amount] as const] : []),
        ...(saved.after ? [[saved.after, saved.after.amount] as const] : []),
      ],
      accounts,
      (payee) => payees.some((p) => p.id === payee && !!p.transfer_acct),
    );
    // Until the write is sent it is typing not yet in the file: a budget closing for the
    // sign-in (closeForSignIn) waits for it, as it waits for the editor it came from.
    const release = store.holdUnsaved({ dirty: () => true, ask: (_leave, keep) => keep() });
    back();
    // The list's frame first: the core's write (its worker's compiles and SQLite's work) began
    // in the same task and drew from the same phone CPU share as that frame. One frame later
    // changes nothing a person can see: the row already shows as saving.
    await afterNextFrame();
    let failure: { message?: string } | null;
    try {
      failure = failureOf(await sendThen(changes, release));
    } catch {
      // The core went away (the budget closed) before it answered: nothing was written.
      failure = {};
    }
    if (failure) {
      reread();
      memory.refuse({
        editor: before?.id ?? 'new',
        start,
        draft,
        message: failure.message ?? 'The change could not be saved.',
      });
      // Over whatever page the person is on now: nothing typed is lost.
      void navigate(editorPath(before, account), { state: editorState(currentLocation()) });
      return;
    }
    memory.confirm();
    if (changes.newPayees?.length) {
      changes.newPayees.forEach((p) => created.current.set(p.name, p.id));
      void loadPayees(store);
    }
    store.addNotification({ type: 'message', message, button: undoButton });
  }

  const save = (d: Draft) => {
    const changes = saveChanges(before, d, ctx);
    const message = before ? 'Transaction saved.' : 'Transaction added.';
    return write(changes, message, { before, after: savedTx(before, d, changes) }, d);
  };
  const remove = (d: Draft) =>
    before
      ? write(deleteChanges([before.id]), 'Transaction deleted.', { before, after: null }, d)
      : null;
  return { save, remove };
}
