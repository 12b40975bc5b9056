import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { syncBankAccounts } from '../../app/actions.ts';
import { useAppState, useStore } from '../../app/context.ts';
import { useResponsive } from '../../app/responsive.ts';
import { useFormat } from '../../app/use-format.ts';
import { ConnectionProblemBanner } from '../import/ConnectionProblemBanner.tsx';
import { ImportAccountMenu } from '../import/ImportAccountMenu.tsx';
import { cellNumber, viewBalanceCell } from './balance-queries.ts';
import { MobileAccountHeader, MobileAccountsList } from './MobileAccounts.tsx';
import { accountFilter, transactionsQuery } from './transactions-query.ts';
import './accounts.css';

interface Txn {
  id: string;
  date: string;
  amount: number;
  payee?: string | null;
  notes?: string | null;
  category?: string | null;
  account?: string;
}

const PAGE = 500;
const ROW_HEIGHT = 32;

/** Bank sync for a linked account, or on All accounts for every linked one. */
function BankSyncButton({ id }: { id: string | undefined }) {
  const store = useStore();
  const accounts = useAppState((s) => s.accounts);
  const syncing = useAppState((s) => s.accountsSyncing !== null);
  const linked = accounts.filter((a) => a.account_id && !a.closed);
  const show = id === undefined ? linked.length > 0 : linked.some((a) => a.id === id);
  if (!show) return null;
  return (
    <button
      className="btn"
      style={{ marginLeft: 'auto' }}
      disabled={syncing}
      onClick={() => void syncBankAccounts(store, id ?? null)}
    >
      Sync with bank
    </button>
  );
}

export function AccountsPage() {
  const { id } = useParams();
  const { isNarrow } = useResponsive();
  if (isNarrow && id === undefined) return <MobileAccountsList />;
  return <AccountTransactions id={id} narrow={isNarrow} />;
}

function AccountTransactions({ id, narrow }: { id: string | undefined; narrow: boolean }) {
  const store = useStore();
  const fmt = useFormat();
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const [rows, setRows] = useState<Txn[] | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const cell = viewBalanceCell(id);
  const balance = useAppState((s) => cellNumber(s.cells, cell));

  useEffect(() => {
    let cancelled = false;
    setRows(null);
    void store.backend
      .send<{ data?: Txn[] }>('query', transactionsQuery(accountFilter(id), PAGE))
      .then((res) => !cancelled && setRows(Array.isArray(res?.data) ? res.data : []));
    return () => {
      cancelled = true;
    };
    // The balance cell changes whenever this view's transactions do (a sync, an undo).
  }, [store, id, accounts, balance]);

  const virtualizer = useVirtualizer({
    count: rows?.length ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
  });

  const account = accounts.find((a) => a.id === id);
  const title =
    account?.name ??
    (
      { budgeted: 'For budget', offbudget: 'Off budget', uncategorized: 'Uncategorized' } as Record<
        string,
        string
      >
    )[id ?? ''] ??
    'All accounts';
  const payeeName = (pid?: string | null) => payees.find((p) => p.id === pid)?.name ?? '';

  return (
    <div className="page accounts-page">
      {account && <ConnectionProblemBanner accountId={account.id} />}
      {narrow ? (
        <MobileAccountHeader title={title} cell={cell} />
      ) : (
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h1 style={{ margin: 0 }}>{title}</h1>
          {account && <ImportAccountMenu account={account} />}
          <BankSyncButton id={id} />
          <div className="accounts-balance">
            Balance:{' '}
            <strong
              className={balance < 0 ? 'amount negative' : 'amount'}
              data-testid="account-balance"
            >
              {fmt.amount(balance)}
            </strong>
          </div>
        </div>
      )}
      {accounts.length === 0 && (
        <div className="card stack">
          <p>For Coffer to be useful, you need to add an account.</p>
          <div>
            <button className="btn btn-primary" onClick={() => store.pushModal('add-account')}>
              Add account
            </button>
          </div>
        </div>
      )}
      <div className="txn-table" role="table" aria-label="Transactions">
        <div className="txn-row txn-header" role="row">
          <span role="columnheader">Date</span>
          <span role="columnheader">Payee</span>
          <span role="columnheader" className="txn-notes">
            Notes
          </span>
          <span role="columnheader" className="amount">
            Amount
          </span>
        </div>
        <div ref={scrollRef} className="txn-body">
          {rows && rows.length === 0 && <div className="txn-empty subdued">No transactions</div>}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const t = rows![item.index]!;
              return (
                <div
                  key={t.id}
                  role="row"
                  className="txn-row"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <span role="cell">{fmt.date(t.date)}</span>
                  <span role="cell" className="txn-ellipsis">
                    {payeeName(t.payee)}
                  </span>
                  <span role="cell" className="txn-notes txn-ellipsis">
                    {t.notes ?? ''}
                  </span>
                  <span role="cell" className={t.amount < 0 ? 'amount negative' : 'amount'}>
                    {fmt.amount(t.amount)}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

export default AccountsPage;
