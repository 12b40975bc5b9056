/**
 * The transaction editor for touch (`/transactions/new`, `/transactions/{id}`): one screen with
 * the amount first, then payee, category, account, date, notes and cleared; splits with what is
 * left to assign; delete; the register's checks and texts. Nothing is written until Save, as
 * one undo step; what is typed lives here only, so a sync arriving meanwhile loses none of it.
 */
import { q } from '@coffer/core/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppState, useStore } from '../../../store/context.ts';
import { type Draft, draftRemainder, newDraft, updateDraft } from '../editing/draft.ts';
import { isReconciled } from '../editing/reconciled.ts';
import type { RegisterTx } from '../types.ts';
import { newUuid } from '../editing/uuid.ts';
import { runQuery } from '../../kit/data/data.ts';
import { Spinner } from '../../kit/ui/Spinner.tsx';
import { localToday } from '../../kit/ui/calendar.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { ErrorText } from '../../kit/ui/ErrorText.tsx';
import { EditorFields } from './EditorFields.tsx';
import { SplitLines } from './SplitLines.tsx';
import { draftChanged, draftFromTx, editorProblem } from './editor-draft.ts';
import { PhoneMemorySlot, type Refused } from './phone-memory.ts';
import { useEditorWrites } from './use-editor-writes.ts';
import { useLeaveGuard } from './leave-guard.ts';
import { canGoBack, goBack } from './navigation.ts';
import './phone.css';

/** `rev`: counts the reads that replaced the row a tap opened with (the editor starts again). */
type Loaded =
  { state: 'loading' } | { state: 'missing' } | { state: 'ready'; tx: RegisterTx; rev: number };

/** Whether the editor would show `a` and `b` alike (fields, lines and the reconciled lock). */
function sameForEditor(a: RegisterTx, b: RegisterTx): boolean {
  return !draftChanged(draftFromTx(a), draftFromTx(b)) && isReconciled(a) === isReconciled(b);
}

/**
 * The route: a new transaction (in `?account=`), or the saved one `id`. A row's tap brings the
 * row as its list holds it (`PhoneMemory.openingTx`): the editor shows it in the tap's own task,
 * and the core's read that follows changes nothing unless it differs (a sync just wrote it) and
 * nothing is typed yet. Opened any other way (a link, a reload), the editor waits for the read.
 */
export default function TransactionEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const store = useStore();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const tx = id ? store.slot(PhoneMemorySlot).openingTx(id) : null;
    return tx ? { state: 'ready', tx, rev: 0 } : { state: 'loading' };
  });
  const shown = useRef(loaded);
  shown.current = loaded;
  const typed = useRef(false);
  useEffect(() => {
    if (!id) return;
    let live = true;
    const read = () => {
      const query = q('transactions')
        .options({ splits: 'grouped' })
        .filter({ id })
        .select('*')
        .serialize();
      void runQuery<RegisterTx[]>(store, query).then(
        (rows) => {
          if (!live) return;
          const tx = rows[0];
          const was = shown.current;
          if (was.state !== 'ready')
            setLoaded(tx ? { state: 'ready', tx, rev: 0 } : { state: 'missing' });
          // The row's own editor: a read that agrees (or finds it not written yet: a save on
          // its way) renders nothing; what is typed is never replaced.
          else if (tx && !typed.current && !sameForEditor(was.tx, tx)) {
            setLoaded({ state: 'ready', tx, rev: was.rev + 1 });
          }
        },
        () => undefined,
      ); // the budget closing under the editor: nothing left to show it in
    };
    if (shown.current.state !== 'ready') {
      read();
      return () => {
        live = false;
      };
    }
    // The tapped row is shown: its check waits for the editor's first frame. React runs this
    // effect in the tap's own task, and the request and answer drew from that frame's CPU.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(read, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
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
  return (
    <Editor
      key={`${id}:${loaded.rev}`}
      before={loaded.tx}
      account={null}
      onTyping={() => (typed.current = true)}
    />
  );
}

/** `signedOut`: the server said signed out after the budget showed; leaving closes the budget. */
type Ask = null | { leave: () => void; keep: () => void; signedOut?: boolean } | 'delete';

/**
 * The draft being typed, kept in a ref too so two edits in one event both count, and the texts
 * a field refused (not an amount): Save waits for them, and leaving counts them as typed work.
 * `refused`: a save the core refused, whose typing the editor opens with again.
 */
function useDraft(
  before: RegisterTx | null,
  account: string | null,
  refused: Refused | null,
  onTyping: () => void,
) {
  const accounts = useAppState((s) => s.accounts);
  const start = useMemo(() => {
    if (refused) return refused.start;
    if (before) return draftFromTx(before);
    const open = accounts.filter((a) => !a.closed);
    const chosen = open.find((a) => a.id === account) ?? open.find((a) => !a.offbudget) ?? open[0];
    return newDraft(newUuid(), localToday(), chosen?.id ?? null);
    // The draft starts once; later account lists do not reset what is typed.
  }, []);
  const [draft, setDraftState] = useState<Draft>(refused?.draft ?? start);
  const draftRef = useRef(draft);
  const update = (fn: (d: Draft) => Draft) => {
    draftRef.current = fn(draftRef.current);
    setDraftState(draftRef.current);
    onTyping();
  };
  const invalid = useRef(new Set<string>());
  const onInvalid = (id: string, bad: boolean) => {
    if (bad) invalid.current.add(id);
    else invalid.current.delete(id);
    if (bad) onTyping();
  };
  const dirty = draftChanged(start, draft);
  const typed = () => draftChanged(start, draftRef.current) || invalid.current.size > 0;

  // Closing the tab or reloading with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  // Reopened with refused typing: leaving asks first, as after any typing.
  useEffect(() => {
    if (refused && draftChanged(start, draftRef.current)) onTyping();
  }, []);

  return { start, draft, draftRef, update, invalid, onInvalid, typed };
}

/**
 * A save of this editor's transaction that the core refused (its typing and message), read
 * once as the editor opens and then let go (a look, not a take: a render may run twice).
 */
function useRefused(before: RegisterTx | null): Refused | null {
  const memory = useStore().slot(PhoneMemorySlot);
  const editor = before?.id ?? 'new';
  const [refused] = useState(() => memory.peekRefused(editor));
  useEffect(() => memory.dropRefused(editor), [memory, editor]);
  return refused;
}

/**
 * A signed-out answer from the server (after the budget showed) asks the leave question here
 * before the budget closes: Discard leaves and the budget closes; Keep editing keeps the typing,
 * and the budget closes for the sign-in once the editor is left (a save is kept in the file).
 */
function useSignedOutAsk(
  typed: () => boolean,
  leave: (go: () => void) => void,
  setAsk: (ask: Ask) => void,
) {
  const store = useStore();
  const now = useRef({ typed, leave });
  now.current = { typed, leave };
  useEffect(
    () =>
      store.holdUnsaved({
        dirty: () => now.current.typed(),
        ask: (go, keep) => setAsk({ leave: () => now.current.leave(go), keep, signedOut: true }),
      }),
    [store, setAsk],
  );
}

interface EditorProps {
  before: RegisterTx | null;
  account: string | null;
  /** Something was typed (the first time and after). */
  onTyping?: () => void;
}

function Editor({ before, account, onTyping }: EditorProps) {
  const store = useStore();
  const navigate = useNavigate();
  const page = useRef<HTMLDivElement>(null);
  const [ask, setAsk] = useState<Ask>(null);
  // The tab bar and the browser's Back ask as Cancel does (the guard is armed by typing).
  const guard = useLeaveGuard(
    page,
    () => typed(),
    (leave, keep) => setAsk({ leave, keep }),
  );
  const refused = useRefused(before);
  const { start, draft, draftRef, update, invalid, onInvalid, typed } = useDraft(
    before,
    account,
    refused,
    () => {
      guard.arm();
      onTyping?.();
    },
  );
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [unlocked, setUnlocked] = useState(false);
  const locked = !!before && isReconciled(before) && !unlocked;
  const back = () =>
    canGoBack()
      ? guard.leaveBack()
      : guard.leave(() =>
          goBack(
            navigate,
            draftRef.current.account ? `/accounts/${draftRef.current.account}` : '/accounts',
          ),
        );
  const { save, remove } = useEditorWrites({ before, account, start, back });
  const saveError = refused?.message ?? null;
  useSignedOutAsk(typed, guard.leave, setAsk);

  function onSave() {
    const refused = [...invalid.current][0];
    if (refused) return document.getElementById(refused)?.focus();
    const p = editorProblem(draftRef.current);
    setProblem(p);
    if (p) return document.getElementById(`ph-${p.field}`)?.focus();
    void save(draftRef.current);
  }

  // Only a saved transaction can be reconciled: a new one never asks.
  const askReconciled = (action: 'edit' | 'delete') =>
    new Promise<boolean>((resolve) => {
      if (!before) return resolve(true);
      store.pushModal('confirm-reconciled-edit', { tx: before, action, onAnswer: resolve });
    });

  const title = before ? 'Edit transaction' : 'New transaction';
  return (
    <div className="page ph-page ph-editor" ref={page}>
      <header className="ph-header">
        <Button
          className="ph-header-button"
          onClick={() => (typed() ? setAsk({ leave: back, keep: () => {} }) : back())}
        >
          Cancel
        </Button>
        <h1 className="ph-title">{title}</h1>
        <Button className="ph-header-button" variant="primary" onClick={onSave} disabled={locked}>
          Save
        </Button>
      </header>

      {/* The core's refusal of the save the editor left with: first, above the typing. */}
      {saveError && <ErrorText>{saveError}</ErrorText>}

      {ask !== null && ask !== 'delete' && (
        <Ask
          title="Discard changes?"
          text={
            ask.signedOut
              ? 'You are not logged in. Discard the changes to this transaction?'
              : 'Discard the changes to this transaction?'
          }
          keep="Keep editing"
          act="Discard"
          onKeep={() => {
            setAsk(null);
            ask.keep();
          }}
          onAct={ask.leave}
        />
      )}

      {locked && (
        <div className="ph-locked" role="status">
          <p>This transaction is reconciled: it matched your bank.</p>
          <Button onClick={() => void askReconciled('edit').then((ok) => ok && setUnlocked(true))}>
            Edit anyway
          </Button>
        </div>
      )}

      <fieldset className="ph-fields" disabled={locked}>
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

      {before && (
        <div className="ph-delete">
          {ask === 'delete' ? (
            <Ask
              title="Delete this transaction?"
              text="Delete this transaction?"
              keep="Cancel"
              act="Delete"
              onKeep={() => setAsk(null)}
              onAct={() => {
                setAsk(null);
                void remove(draftRef.current);
              }}
            />
          ) : (
            <Button
              variant="danger"
              className="ph-wide-button"
              onClick={() =>
                isReconciled(before)
                  ? void askReconciled('delete').then((ok) => ok && void remove(draftRef.current))
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

/** A question in the page (leave with changes, delete): the safe answer first and focused. */
function Ask(props: {
  title: string;
  text: string;
  keep: string;
  act: string;
  onKeep: () => void;
  onAct: () => void;
}) {
  return (
    <div className="ph-ask" role="alertdialog" aria-label={props.title}>
      <p>{props.text}</p>
      <div className="ph-ask-buttons">
        <Button autoFocus onClick={props.onKeep}>
          {props.keep}
        </Button>
        <Button variant="danger" onClick={props.onAct}>
          {props.act}
        </Button>
      </div>
    </div>
  );
}
