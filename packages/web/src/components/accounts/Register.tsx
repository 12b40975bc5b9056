/**
 * One register view (All accounts, For budget, Off budget, Uncategorized or one account):
 * header, toolbar, filter bar, reconcile bar and the table, wired to the core.
 */
import { type DragEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import type { VirtualTableHandle } from '../kit/ui/VirtualTable.tsx';
import { AccountHeader } from './AccountHeader.tsx';
import { registerColumns } from './columns.ts';
import { draftRemainder } from './draft.ts';
import { distribute } from './register-rows.ts';
import { FilterBar } from './FilterBar.tsx';
import { registerNavRows, type NavContext, type NavRow } from './nav-rows.ts';
import { ReconcileBar } from './Reconcile.tsx';
import { registerQuery, showsRunningBalance } from './register-query.ts';
import { displayRows } from './register-rows.ts';
import { RegisterTable } from './RegisterTable.tsx';
import { RegisterToolbar } from './RegisterToolbar.tsx';
import { useAccountActions } from './use-account-actions.ts';
import { useRegisterActions } from './use-register-actions.ts';
import { useRegisterEditing } from './use-register-editing.ts';
import { type InitialFilter, useRegisterFinding } from './use-register-finding.ts';
import { useRegisterRows } from './use-register-rows.ts';
import { usePreviews } from './use-previews.ts';
import { defaultAccount, type RegisterView } from './views.ts';
import type { RegisterTx } from './types.ts';
import { newUuid } from './uuid.ts';
import { applyDeltas, balanceDeltas } from './optimistic-cells.ts';
import { isFailure } from '../../backend/backend.ts';
import { Button } from '../kit/ui/Button.tsx';

export function Register({
  view,
  initialFilter,
}: {
  view: RegisterView;
  initialFilter: InitialFilter | null;
}) {
  const store = useStore();
  const fmt = useFormat();
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const finding = useRegisterFinding(view, initialFilter);
  const table = useRef<VirtualTableHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [reconcile, setReconcile] = useState<{ target: number } | null>(null);

  const findingInput = {
    search: finding.search,
    filters: finding.filters ?? [],
    conditionsOp: finding.conditionsOp,
    hideCleared: finding.hideCleared,
    sort: finding.sort,
  };
  const running = view.kind === 'account' && showsRunningBalance(findingInput, true);
  const plain = showsRunningBalance(findingInput, true);
  const query = useMemo(
    () => (finding.filters === null ? null : registerQuery({ view: view.filter, ...findingInput })),
    // findingInput's parts are the dependencies.
    [
      view.filter,
      finding.filters,
      finding.search,
      finding.conditionsOp,
      finding.hideCleared,
      finding.sort,
    ],
  );
  const data = useRegisterRows(query, running ? view.balanceCell : null);
  const rows = useMemo(
    () => displayRows(data.groups, running ? data.balance : null),
    [data.groups, data.balance, running],
  );

  const payeeMap = useMemo(() => new Map(payees.map((p) => [p.id, p])), [payees]);
  const accountMap = useMemo(() => new Map(accounts.map((a) => [a.id, a])), [accounts]);
  const navCtx = useMemo<NavContext>(
    () => ({
      accounts,
      transferAccountOf: (payee) => (payee ? (payeeMap.get(payee)?.transfer_acct ?? null) : null),
      showAccount: view.multiAccount,
    }),
    [accounts, payeeMap, view.multiAccount],
  );
  // Rows already shown keep their objects when a page is appended (they skip rendering).
  const navCache = useMemo(() => new WeakMap<RegisterTx, NavRow>(), [navCtx]);
  const registerNav = useMemo(
    () => registerNavRows(rows, navCtx, navCache),
    [rows, navCtx, navCache],
  );
  const navByKey = useMemo(() => new Map(registerNav.map((r) => [r.key, r])), [registerNav]);
  const rowIndex = useMemo(() => new Map(rows.map((r, i) => [r.key, i])), [rows]);
  // Payees this register created, until the app's list has them: typing the same new name
  // again right away must not make a second payee.
  const created = useRef(new Map<string, string>());
  const payeeByName = useMemo(() => {
    const known = new Map(payees.filter((p) => !p.transfer_acct).map((p) => [p.name, p.id]));
    return { get: (name: string) => known.get(name) ?? created.current.get(name) };
  }, [payees]);

  const inView = useMemo(() => {
    if (!plain) return null;
    switch (view.kind) {
      case 'account':
        return (a: string) => a === view.account?.id;
      case 'uncategorized':
        return null;
      default:
        return (a: string) => {
          const acct = accountMap.get(a);
          if (!acct || acct.closed) return false;
          if (view.kind === 'budgeted') return !acct.offbudget;
          if (view.kind === 'offbudget') return !!acct.offbudget;
          return true;
        };
    }
  }, [plain, view.kind, view.account?.id, accountMap]);
  // Schedules, saved filters and the cleared balance are read once the first rows are in.
  const settled = !data.loading;
  const previews = usePreviews(settled ? inView : null);

  const editing = useRegisterEditing({
    registerRows: registerNav,
    navCtx,
    ctx: { newId: newUuid, payeeByName },
    onCreatedPayees: (list) => list.forEach((p) => created.current.set(p.name, p.id)),
    onAmountChange: (tx, delta) => {
      const isTransfer = (id: string | null) => !!id && !!payeeMap.get(id)?.transfer_acct;
      const deltas = balanceDeltas(tx, delta, accounts, isTransfer);
      if (!deltas) return () => undefined;
      store.set((s) => ({ cells: applyDeltas(s.cells, deltas) }));
      return () =>
        void store.backend.send('getCells', { names: [...deltas.keys()] }).then((cells) => {
          if (isFailure(cells)) return;
          store.set((s) => ({
            cells: { ...s.cells, ...Object.fromEntries(cells.map((c) => [c.name, c.value])) },
          }));
        });
    },
    patch: data.patch,
    defaultAccount: (last) => defaultAccount(view, accounts, last),
    reveal: (key) => {
      const i = rowIndex.get(key);
      if (i !== undefined) table.current?.scrollToIndex(i);
      else if (key.startsWith('draft')) table.current?.element()?.scrollTo({ top: 0 });
    },
    confirmReconciled: (tx, more) =>
      new Promise((resolve) =>
        store.pushModal('confirm-reconciled-edit', { tx, ...more, onAnswer: resolve }),
      ),
  });

  const actions = useRegisterActions({ query, data, rows, editing, finding });
  const account = useAccountActions({ view, query, editing, finding, setReconcile });

  // A new search, filter or sort starts a new selection: no action on rows out of sight.
  const clear = actions.clearSelection;
  const queryKey = query ? JSON.stringify(query) : null;
  useEffect(() => clear(), [queryKey, clear]);

  // Row keyboard focus follows the cursor when no cell is being edited.
  const body = useRef<HTMLDivElement>(null);
  const cursor = editing.cursor;
  const focused = useRef<typeof cursor>(null);
  useEffect(() => {
    if (!cursor || cursor.editing || !cursor.focusRow || focused.current === cursor) return;
    const el = body.current?.querySelector<HTMLElement>(`[data-row="${CSS.escape(cursor.row)}"]`);
    if (!el) return;
    // Once per move: a later re-read of the rows must not pull focus back from elsewhere.
    focused.current = cursor;
    if (document.activeElement !== el) el.focus();
  }, [cursor, rows]);

  function onRowKeyDown(e: KeyboardEvent<HTMLDivElement>, row: NavRow) {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const field = cursor?.row === row.key ? cursor.field : (row.fields[0] ?? 'payee');
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        editing.setCursor({ row: row.key, field, editing: false });
        editing.goRow(row.key, e.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
      case 'F2':
        e.preventDefault();
        void editing.edit(row.key, field);
        break;
      case ' ':
        e.preventDefault();
        if (row.tx) actions.select(row.key, e.shiftKey);
        break;
      case 'Escape':
        if (actions.selection.ids.size > 0) actions.clearSelection();
        else if (row.kind.startsWith('draft')) editing.cancelAdd();
        break;
    }
  }

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
          nav={navByKey}
          draftRows={editing.draftRows}
          draftLeft={editing.draft ? draftRemainder(editing.draft) : 0}
          draftTotal={editing.draft?.amount ?? 0}
          previews={previews}
          loading={data.loading}
          complete={data.complete}
          onNearEnd={data.loadMore}
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
          rowMenu={actions.rowMenu}
          onDistribute={(parent) => {
            if (!parent) {
              const d = editing.draft;
              if (!d?.lines) return;
              const amounts = distribute(
                d.amount,
                d.lines.map((l) => l.amount),
              );
              editing.setDraft({
                ...d,
                lines: d.lines.map((l, i) => ({ ...l, amount: amounts[i]! })),
              });
              return;
            }
            actions.distribute(parent);
          }}
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
