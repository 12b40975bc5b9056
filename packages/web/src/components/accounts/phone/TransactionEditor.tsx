/**
 * The transaction editor for touch (`/transactions/new`, `/transactions/{id}`): one screen with
 * the amount first, then payee, category, account, date, notes and cleared; splits with what is
 * left to assign; delete; the register's checks and texts. Nothing is written until Save, as
 * one undo step; what is typed lives here only, so a sync arriving meanwhile loses none of it.
 */
import { q } from '@coffer/core/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { loadPayees } from '../../../store/actions.ts';
import { useAppState, useStore } from '../../../store/context.ts';
import { failureOf } from '../../../backend/backend.ts';
import { type Draft, draftRemainder, newDraft, updateDraft } from '../editing/draft.ts';
import type { EditContext } from '../editing/edits.ts';
import { deleteChanges } from '../editing/edits.ts';
import { isReconciled } from '../editing/reconciled.ts';
import type { BatchChanges, RegisterTx } from '../types.ts';
import { newUuid } from '../editing/uuid.ts';
import { runQuery } from '../../kit/data/data.ts';
import { Spinner } from '../../kit/ui/Spinner.tsx';
import { localToday } from '../../kit/ui/calendar.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { ErrorText } from '../../kit/ui/ErrorText.tsx';
import { EditorFields } from './EditorFields.tsx';
import { SplitLines } from './SplitLines.tsx';
import { draftChanged, draftFromTx, editorProblem, saveChanges } from './editor-draft.ts';
import { goBack } from './navigation.ts';
import './phone.css';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; tx: RegisterTx };

/** The route: a new transaction (in `?account=`), or the saved one `id` read once. */
export default function TransactionEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const store = useStore();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (!id) return;
    let live = true;
    const query = q('transactions')
      .options({ splits: 'grouped' })
      .filter({ id })
      .select('*')
      .serialize();
    void runQuery<RegisterTx[]>(store, query).then((rows) => {
      if (!live) return;
      const tx = rows[0];
      setLoaded(tx ? { state: 'ready', tx } : { state: 'missing' });
    });
    return () => {
      live = false;
    };
  }, [store, id]);

  if (!id) return <Editor key="new" before={null} account={params.get('account')} />;
  if (loaded.state === 'loading') {
    return (
      <div className="page ph-page">
        <Spinner label="Loading the transaction" />
      </div>
    );
  }
  if (loaded.state === 'missing') {
    return (
      <div className="page ph-page">
        <p>This transaction no longer exists.</p>
        <Button onClick={() => goBack(navigate, '/accounts')}>Back</Button>
      </div>
    );
  }
  return <Editor key={id} before={loaded.tx} account={null} />;
}

type Ask = null | 'leave' | 'delete';

function Editor({ before, account }: { before: RegisterTx | null; account: string | null }) {
  const store = useStore();
  const navigate = useNavigate();
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const start = useMemo(() => {
    if (before) return draftFromTx(before);
    const open = accounts.filter((a) => !a.closed);
    const chosen = open.find((a) => a.id === account) ?? open.find((a) => !a.offbudget) ?? open[0];
    return newDraft(newUuid(), localToday(), chosen?.id ?? null);
    // The draft starts once; later account lists do not reset what is typed.
  }, []);
  const [draft, setDraftState] = useState<Draft>(start);
  const draftRef = useRef(draft);
  const setDraft = (d: Draft) => {
    draftRef.current = d;
    setDraftState(d);
  };
  const update = (fn: (d: Draft) => Draft) => setDraft(fn(draftRef.current));
  // Texts a field refused (not an amount, not a date): Save waits for them to be fixed.
  const invalid = useRef(new Set<string>());
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const [unlocked, setUnlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const created = useRef(new Map<string, string>());
  const locked = !!before && isReconciled(before) && !unlocked;
  const dirty = draftChanged(start, draft);

  // Closing the tab or reloading with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const ctx: EditContext = useMemo(() => {
    const known = new Map(payees.filter((p) => !p.transfer_acct).map((p) => [p.name, p.id]));
    return {
      newId: newUuid,
      payeeByName: { get: (name) => known.get(name) ?? created.current.get(name) },
    };
  }, [payees]);

  const back = () =>
    goBack(
      navigate,
      draftRef.current.account ? `/accounts/${draftRef.current.account}` : '/accounts',
    );

  const undoButton = { title: 'Undo', action: () => void store.backend.send('undo') };

  async function write(changes: BatchChanges): Promise<boolean> {
    setBusy(true);
    const res = await store.backend.send('transactions-batch-update', changes);
    setBusy(false);
    const failure = failureOf(res);
    if (failure) {
      setSaveError(failure.message ?? 'The change could not be saved.');
      return false;
    }
    if (changes.newPayees?.length) {
      changes.newPayees.forEach((p) => created.current.set(p.name, p.id));
      void loadPayees(store);
    }
    return true;
  }

  async function save() {
    const d = draftRef.current;
    const refused = [...invalid.current][0];
    if (refused) {
      document.getElementById(refused)?.focus();
      return;
    }
    const p = editorProblem(d);
    setProblem(p);
    if (p) {
      document.getElementById(`ph-${p.field}`)?.focus();
      return;
    }
    if (!(await write(saveChanges(before, d, ctx)))) return;
    store.addNotification({
      type: 'message',
      message: before ? 'Transaction saved.' : 'Transaction added.',
      button: undoButton,
    });
    back();
  }

  async function remove() {
    if (!before) return;
    setAsk(null);
    if (!(await write(deleteChanges([before.id])))) return;
    store.addNotification({ type: 'message', message: 'Transaction deleted.', button: undoButton });
    back();
  }

  // Only a saved transaction can be reconciled: a new one never asks.
  const askReconciled = (action: 'edit' | 'delete') =>
    new Promise<boolean>((resolve) => {
      if (!before) return resolve(true);
      store.pushModal('confirm-reconciled-edit', { tx: before, action, onAnswer: resolve });
    });

  const onInvalid = (id: string, bad: boolean) => {
    if (bad) invalid.current.add(id);
    else invalid.current.delete(id);
  };

  const title = before ? 'Edit transaction' : 'New transaction';
  return (
    <div className="page ph-page ph-editor">
      <header className="ph-header">
        <Button
          className="ph-header-button"
          onClick={() =>
            // A refused text (not an amount yet) is typed work too.
            draftChanged(start, draftRef.current) || invalid.current.size > 0
              ? setAsk('leave')
              : back()
          }
          disabled={busy}
        >
          Cancel
        </Button>
        <h1 className="ph-title">{title}</h1>
        <Button
          className="ph-header-button"
          variant="primary"
          onClick={() => void save()}
          disabled={busy || locked}
        >
          Save
        </Button>
      </header>

      {ask === 'leave' && (
        <div className="ph-ask" role="alertdialog" aria-label="Discard changes?">
          <p>Discard the changes to this transaction?</p>
          <div className="ph-ask-buttons">
            <Button autoFocus onClick={() => setAsk(null)}>
              Keep editing
            </Button>
            <Button variant="danger" onClick={back}>
              Discard
            </Button>
          </div>
        </div>
      )}

      {locked && (
        <div className="ph-locked" role="status">
          <p>This transaction is reconciled: it matched your bank.</p>
          <Button onClick={() => void askReconciled('edit').then((ok) => ok && setUnlocked(true))}>
            Edit anyway
          </Button>
        </div>
      )}

      <fieldset className="ph-fields" disabled={locked || busy}>
        <legend className="sr-only">{title}</legend>
        <EditorFields
          draft={draft}
          update={update}
          problem={problem}
          onInvalid={onInvalid}
          isNew={!before}
        />
        {draft.lines && <SplitLines draft={draft} update={update} onInvalid={onInvalid} />}
        {!draft.lines && (
          <Button
            className="ph-wide-button"
            onClick={() => update((d) => updateDraft(d, null, 'category', 'split', newUuid))}
          >
            Split transaction
          </Button>
        )}
      </fieldset>
      {draft.lines && draftRemainder(draft) !== 0 && (
        <p className="subdued ph-hint">
          The lines do not add up yet; it can be saved and finished later.
        </p>
      )}
      {saveError && <ErrorText>{saveError}</ErrorText>}

      {before && (
        <div className="ph-delete">
          {ask === 'delete' ? (
            <div className="ph-ask" role="alertdialog" aria-label="Delete this transaction?">
              <p>Delete this transaction?</p>
              <div className="ph-ask-buttons">
                <Button autoFocus onClick={() => setAsk(null)}>
                  Cancel
                </Button>
                <Button variant="danger" onClick={() => void remove()}>
                  Delete
                </Button>
              </div>
            </div>
          ) : (
            <Button
              variant="danger"
              className="ph-wide-button"
              disabled={busy}
              onClick={() =>
                isReconciled(before)
                  ? void askReconciled('delete').then((ok) => ok && void remove())
                  : setAsk('delete')
              }
            >
              Delete transaction
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
