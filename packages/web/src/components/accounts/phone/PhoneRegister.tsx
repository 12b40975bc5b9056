/**
 * An account's transactions on a phone (`/accounts/{id}` and the other account views): grouped
 * by date, each with payee, category, amount, cleared and (on one account, unsearched) its
 * running balance as the desktop shows it; search; tap to sync; a tap opens the editor.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useAppState, useStore } from '../../../store/context.ts';
import { useFirstScreenMark } from '../../../store/first-screen.ts';
import { useFormat } from '../../../store/use-format.ts';
import { CellBalance } from '../balances/CellBalance.tsx';
import { registerQuery, showsRunningBalance } from '../rows/register-query.ts';
import { displayRows } from '../rows/register-rows.ts';
import { searchFilter } from '../rows/search.ts';
import type { RegisterTx } from '../types.ts';
import { fixedPaging } from '../rows/paging.ts';
import { useRegisterRows } from '../rows/use-register-rows.ts';
import type { RegisterView } from '../rows/views.ts';
import { usePayeeName } from '../../kit/pickers/Pickers.tsx';
import { Button } from '../../kit/ui/Button.tsx';
import { editorState, goBack } from './navigation.ts';
import { PhoneSyncButton } from './SyncButton.tsx';
import { PullToSync } from './PullToSync.tsx';
import { PhoneMemorySlot, withSaved } from './phone-memory.ts';
import { PhoneTxRow } from './PhoneTxRow.tsx';
import { useLocation, useNavigate } from 'react-router';
import { ReviewBar } from '../review/ReviewBar.tsx';
import { useBankReview } from '../review/use-bank-review.ts';
import './phone.css';

/**
 * Rows read and drawn at once: a few screens of a phone. After Save the
 * list is read, sent from the worker and drawn whole before any of it shows, and a phone-class
 * CPU pays for every row; 'Show more' reads the next page.
 */
const PHONE_PAGING = fixedPaging(60);

interface Shown {
  tx: RegisterTx;
  balance: number | null;
}

/** Consecutive transactions of one day under that day's heading (the rows come newest first). */
export function byDate<T extends { tx: { date: string } }>(rows: readonly T[]) {
  const days: Array<{ date: string; rows: T[] }> = [];
  for (const row of rows) {
    const last = days[days.length - 1];
    if (last && last.date === row.tx.date) last.rows.push(row);
    else days.push({ date: row.tx.date, rows: [row] });
  }
  return days;
}

export function PhoneRegister({ view }: { view: RegisterView }) {
  const fmt = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  // One state for every row's link (the rows are memoised): the list this register shows.
  const linkState = useMemo(
    () => editorState(location),
    [location.pathname, location.search, location.key],
  );
  const payeeName = usePayeeName();
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  const categories = useAppState((s) => s.categories.list);
  const [text, setText] = useState('');

  const search = useMemo(
    () =>
      searchFilter(text, {
        payees: payees.map((p) => ({ id: p.id, name: payeeName(p.id) })),
        categories: categories.map((c) => ({ id: c.id, name: c.name })),
        accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
        dateFormat: fmt.dateFormat,
      }),
    // payeeName follows payees and accounts.
    [text, payees, categories, accounts, fmt.dateFormat],
  );
  const input = {
    view: view.filter,
    search,
    filters: [],
    conditionsOp: 'and' as const,
    hideCleared: false,
    sort: null,
  };
  const running = view.kind === 'account' && showsRunningBalance(input, true);
  const query = useMemo(() => registerQuery(input), [view.filter, search]);
  const data = useRegisterRows(query, running ? view.balanceCell : null, PHONE_PAGING);
  const kept = useKeptRows(
    query,
    data,
    view.kind === 'account' ? (view.account?.id ?? null) : null,
  );
  const shown: Shown[] = useMemo(
    () =>
      displayRows(kept.groups, running ? kept.balance : null).flatMap((r) =>
        r.kind === 'txn' ? [{ tx: r.tx, balance: r.balance }] : [],
      ),
    [kept.groups, kept.balance, running],
  );
  const review = useBankReview(
    view.account?.id ?? null,
    useMemo(() => shown.map((r) => r.tx.id), [shown]),
  );
  useFirstScreenMark(!data.loading);
  const categoryName = (id: string | null) => categories.find((c) => c.id === id)?.name ?? '';
  const detail = (tx: RegisterTx) => {
    if (tx.is_parent) return 'Split';
    const isTransfer = payees.find((p) => p.id === tx.payee)?.transfer_acct;
    if (isTransfer && !tx.category) return 'Transfer';
    return categoryName(tx.category) || (tx.starting_balance_flag ? '' : 'Uncategorized');
  };

  return (
    <PullToSync className="page ph-page ph-register">
      <header className="ph-header">
        <Button
          className="ph-header-button"
          aria-label="Back to accounts"
          onClick={() => goBack(navigate, '/accounts')}
        >
          <span aria-hidden="true">‹ </span>Back
        </Button>
        <h1 className="ph-title">{view.title}</h1>
        <PhoneSyncButton />
      </header>
      <p className="ph-balance">
        <span className="subdued">Balance</span>
        <CellBalance cell={view.balanceCell} testId="account-balance" />
      </p>
      <input
        type="search"
        className="input ph-search"
        placeholder="Search"
        aria-label="Search transactions"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <ReviewBar
        count={review.inView.length}
        onApprove={() => void review.approveAll()}
        keys={false}
      />
      <div className="ph-days" aria-busy={data.loading || undefined}>
        {!data.loading && shown.length === 0 && (
          <p className="subdued ph-empty">{text ? 'No transactions found' : 'No transactions'}</p>
        )}
        {byDate(shown).map((day) => (
          <section key={day.date} className="ph-day" aria-label={fmt.date(day.date)}>
            <h2 className="ph-day-head">{fmt.date(day.date)}</h2>
            <ul className="ph-list card">
              {day.rows.map(({ tx, balance }) => (
                <PhoneTxRow
                  key={tx.id}
                  tx={tx}
                  balance={balance}
                  name={payeeName(tx.payee) || (tx.starting_balance_flag ? 'Starting Balance' : '')}
                  detail={detail(tx)}
                  mark={review.marks.get(tx.id)}
                  saving={tx.id === kept.saving}
                  linkState={linkState}
                />
              ))}
            </ul>
          </section>
        ))}
        {!data.complete && !data.loading && (
          <Button className="ph-wide-button" onClick={() => void data.loadMore()}>
            Show more
          </Button>
        )}
      </div>
    </PullToSync>
  );
}

/**
 * The rows to draw: read from the core, or while they are on their way (back from the editor,
 * or a view shown before) the rows this view showed last, with the editor's save in place
 * (phone-memory.ts), so the list paints at once rather than blank until the read. A list that
 * stays mounted under the editor (EditorLayer.tsx) puts the save in its own rows, until its
 * next read (after the core's write) replaces them. `saving`: the id of a row the core has
 * not written yet.
 */
function useKeptRows(
  query: unknown,
  data: { groups: RegisterTx[]; balance: number | null; loading: boolean },
  account: string | null,
) {
  const memory = useStore().slot(PhoneMemorySlot);
  const latest = useSyncExternalStore(memory.subscribe, memory.current);
  const budgetId = useAppState((s) => s.prefs?.id ?? null);
  const key = `${budgetId}:${JSON.stringify(query)}`;
  const { groups, balance, loading } = data;
  // The rows on screen when the latest save was made here (null: made before this mounted;
  // 'loading': made while this view's first rows were on their way, asked for before the save).
  const [over, setOver] = useState<{ seq: number; groups: RegisterTx[] | 'loading' | null }>(
    () => ({ seq: memory.current().seq, groups: null }),
  );
  if (over.seq !== latest.seq) setOver({ seq: latest.seq, groups: loading ? 'loading' : groups });
  else if (over.groups === 'loading' && !loading) setOver({ seq: over.seq, groups });
  useEffect(() => {
    if (!loading) memory.read(key, { groups, balance });
  }, [memory, key, groups, balance, loading]);
  const kept = useMemo(() => {
    const { saved } = latest;
    if (loading) {
      const rows = memory.rows(key, account);
      // Nothing kept yet (the editor opened before the list's first rows came): the saved
      // row on its own until they do.
      if (rows || !saved || !account || over.groups !== 'loading') return rows;
      return withSaved({ groups: [], balance: null }, saved, account);
    }
    if (!saved || !account || over.groups !== groups) return null;
    return withSaved({ groups, balance }, saved, account);
  }, [memory, key, account, loading, latest, over.groups, groups, balance]);
  const saving = latest.saving ? (latest.saved?.after?.id ?? null) : null;
  return { ...(kept ?? { groups, balance }), saving };
}
