/**
 * One register view (All accounts, For budget, Off budget, Uncategorized or one account):
 * header, toolbar, filter bar, reconcile bar and the table, wired to the core.
 */
import {
  type DragEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAppState, useStore } from '../../../store/context.ts';
import type { AppStore } from '../../../store/store.ts';
import { useFormat } from '../../../store/use-format.ts';
import type { VirtualTableHandle } from '../../kit/ui/VirtualTable.tsx';
import { AccountHeader } from '../account/AccountHeader.tsx';
import { ReconcileBar } from '../account/Reconcile.tsx';
import { useAccountActions } from '../account/use-account-actions.ts';
import { useForeseenBalances } from '../balances/use-foreseen-balances.ts';
import { draftRemainder } from '../editing/draft.ts';
import { usePreviews } from '../editing/use-previews.ts';
import { useRegisterActions } from '../editing/use-register-actions.ts';
import {
  type EditingOptions,
  type RegisterEditing,
  useRegisterEditing,
} from '../editing/use-register-editing.ts';
import { newUuid } from '../editing/uuid.ts';
import { useDraftHold } from './discard-draft.tsx';
import { distribute } from '../rows/register-rows.ts';
import { usePreviewAccounts, useRegisterData } from '../rows/use-register-data.ts';
import { type InitialFilter, useRegisterFinding } from '../rows/use-register-finding.ts';
import { defaultAccount, type RegisterView } from '../rows/views.ts';
import { registerColumns } from './columns.ts';
import { FilterBar } from './FilterBar.tsx';
import { RegisterTable } from './RegisterTable.tsx';
import { RegisterToolbar } from './RegisterToolbar.tsx';
import { useRegisterNav } from './use-register-nav.ts';
import { useRowKeys } from './use-row-keys.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { isApproveKey, ReviewBar } from '../review/ReviewBar.tsx';
import { withReview } from '../review/review-menu.ts';
import { useBankReview } from '../review/use-bank-review.ts';

/** Asks before reconciled transactions change (the confirm-reconciled-edit modal). */
const askReconciled =
  (store: AppStore): EditingOptions['confirmReconciled'] =>
  (tx, more) =>
    new Promise((resolve) =>
      store.pushModal('confirm-reconciled-edit', { tx, ...more, onAnswer: resolve }),
    );

/** The add row's split: what is left spread over its lines. */
function distributeDraft(editing: RegisterEditing) {
  const d = editing.draft;
  if (!d?.lines) return;
  const amounts = distribute(
    d.amount,
    d.lines.map((l) => l.amount),
  );
  editing.setDraft({ ...d, lines: d.lines.map((l, i) => ({ ...l, amount: amounts[i]! })) });
}

/**
 * A new search, filter or sort shows its first rows. (An emptied table scrolled back by itself;
 * a tag chip's filter replaces the rows without emptying the table.)
 */
function useFirstRowsOnNewQuery(table: RefObject<VirtualTableHandle | null>, key: string | null) {
  useLayoutEffect(() => {
    const el = table.current?.element();
    if (el && el.scrollTop > 0) el.scrollTop = 0;
  }, [table, key]);
}

interface RegisterProps {
  view: RegisterView;
  initialFilter: InitialFilter | null;
}

export function Register({ view, initialFilter }: RegisterProps) {
  const store = useStore();
  const fmt = useFormat();
  const accounts = useAppState((s) => s.accounts);
  const finding = useRegisterFinding(view, initialFilter);
  const table = useRef<VirtualTableHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [reconcile, setReconcile] = useState<{ target: number } | null>(null);

  const { query, data, rows, running, plain, onNearEnd, filterByTag } = useRegisterData(
    view,
    finding,
  );
  const nav = useRegisterNav(rows, view.multiAccount);
  // Schedules, saved filters and the cleared balance are read once the first rows are in.
  const settled = !data.loading;
  const previews = usePreviews(usePreviewAccounts(plain && settled, view));
  const onAmountChange = useForeseenBalances(accounts, nav.isTransferPayee);

  const editing = useRegisterEditing({
    registerRows: nav.registerNav,
    navCtx: nav.navCtx,
    ctx: { newId: newUuid, payeeByName: nav.payeeByName },
    onCreatedPayees: nav.onCreatedPayees,
    onAmountChange,
    patch: data.patch,
    defaultAccount: (last) => defaultAccount(view, accounts, last),
    reveal: (key) => {
      const i = nav.rowIndex.get(key);
      if (i !== undefined) table.current?.scrollToIndex(i);
      else if (key.startsWith('draft')) table.current?.element()?.scrollTo({ top: 0 });
    },
    confirmReconciled: askReconciled(store),
    more: data.loadMore,
  });

  useDraftHold(store, editing.draft, editing.cancelAdd);
  const actions = useRegisterActions({ query, data, rows, editing, finding });
  const shownIds = useMemo(() => rows.flatMap((r) => (r.kind === 'txn' ? [r.key] : [])), [rows]);
  const review = useBankReview(view.account?.id ?? null, shownIds);
  const account = useAccountActions({ view, query, editing, finding, setReconcile });

  // A new search, filter or sort starts a new selection: no action on rows out of sight.
  const clear = actions.clearSelection;
  const queryKey = query ? JSON.stringify(query) : null;
  useEffect(() => clear(), [queryKey, clear]);
  useFirstRowsOnNewQuery(table, queryKey);

  const body = useRef<HTMLDivElement>(null);
  const onRowKeyDown = useRowKeys({
    editing,
    body,
    rows,
    selection: actions.selection,
    select: actions.select,
    clearSelection: actions.clearSelection,
  });

  const columns = useMemo(
    () => registerColumns({ account: view.multiAccount, balance: running }),
    [view.multiAccount, running],
  );
  const canAdd = view.kind === 'account' ? !view.account?.closed : accounts.some((a) => !a.closed);

  return (
    <div
      className="page accounts-page register-page"
      onDragOver={(e: DragEvent) => {
        if (view.account && e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onKeyDown={(e) => {
        if (!isApproveKey(e) || review.inView.length === 0) return;
        e.preventDefault();
        void review.approveAll();
      }}
      onDrop={(e: DragEvent) => {
        const file = e.dataTransfer.files[0];
        if (!view.account || !file) return;
        e.preventDefault();
        account.importFile(file);
      }}
    >
      <AccountHeader view={view} menu={account.accountMenu} ready={settled} />
      {accounts.length === 0 && (
        <div className="card stack">
          <p>For Coffer to be useful, you need to add an account.</p>
          <div>
            <Button variant="primary" onClick={() => store.pushModal('add-account')}>
              Add account
            </Button>
          </div>
        </div>
      )}
      <RegisterToolbar
        finding={finding}
        canAdd={canAdd}
        onAdd={editing.startAdd}
        selected={actions.selection.ids.size}
        bulk={actions.bulkMenu}
        searchRef={searchRef}
      />
      <FilterBar finding={finding} ready={settled} />
      <ReviewBar count={review.inView.length} onApprove={() => void review.approveAll()} />
      {reconcile && view.account && (
        <ReconcileBar
          account={view.account}
          target={reconcile.target}
          onAdjust={account.reconcileAdjust}
          onDone={account.reconcileDone}
          onCancel={() => setReconcile(null)}
        />
      )}
      <div ref={body} className="reg-body">
        <RegisterTable
          label={`${view.title} transactions`}
          columns={columns}
          rows={rows}
          nav={nav.navByKey}
          draftRows={editing.draftRows}
          draftLeft={editing.draft ? draftRemainder(editing.draft) : 0}
          draftTotal={editing.draft?.amount ?? 0}
          previews={previews}
          loading={data.loading}
          complete={data.complete}
          onNearEnd={onNearEnd}
          nearEndWithin={data.nearEndWithin}
          editing={editing}
          selection={actions.selection}
          onSelect={actions.select}
          allSelected={actions.allSelected}
          onSelectAll={actions.toggleAll}
          sort={finding.sort}
          onSort={actions.sortBy}
          payeeLabel={actions.payeeLabel}
          rowLabel={(row) =>
            `${row.values.date ? fmt.date(row.values.date) : ''} ${actions.payeeLabel(row.values.payee).name} ${fmt.amount(row.values.amount)}`.trim()
          }
          onToggleCleared={actions.toggleCleared}
          onFilterTag={filterByTag}
          rowMenu={(row) => withReview(actions.rowMenu(row), row.key, review)}
          review={review.marks}
          onDistribute={(parent) =>
            parent ? actions.distribute(parent) : distributeDraft(editing)
          }
          onAddLine={actions.addLine}
          onPostPreview={actions.postPreview}
          onSkipPreview={actions.skipPreview}
          onRowKeyDown={onRowKeyDown}
          handle={table}
          empty={
            finding.search || finding.conditions.length > 0
              ? 'No transactions match'
              : 'No transactions'
          }
        />
      </div>
    </div>
  );
}
