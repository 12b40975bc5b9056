/**
 * An account's transactions on a phone (`/accounts/{id}` and the other account views): grouped
 * by date, each with payee, category, amount, cleared and (on one account, unsearched) its
 * running balance as the desktop shows it; search; tap to sync; a tap opens the editor.
 */
import { Fragment, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAppState, useStore } from '../../../store/context.ts';
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
import { Amount } from '../../kit/ui/AmountInput.tsx';
import { Button } from '../../kit/ui/Button.tsx';
import { NoteText } from '../../tags/NoteText.tsx';
import { goBack } from './navigation.ts';
import { PhoneSyncButton } from './SyncButton.tsx';
import { PullToSync } from './PullToSync.tsx';
import { PhoneMemorySlot } from './phone-memory.ts';
import { useNavigate } from 'react-router';
import { ReviewBar } from '../review/ReviewBar.tsx';
import { markLabel, markText } from '../review/review-text.ts';
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
                <li key={tx.id}>
                  <Link to={`/transactions/${tx.id}`} className="ph-row ph-tx">
                    <span className="ph-tx-main">
                      <span className="ph-row-name">
                        <PhoneMark entry={review.marks.get(tx.id)} />
                        {payeeName(tx.payee) ||
                          (tx.starting_balance_flag ? 'Starting Balance' : '')}
                      </span>
                      <span className="ph-tx-detail subdued">
                        {detail(tx)}
                        {tx.notes ? (
                          <Fragment>
                            {' · '}
                            {/* Tags as chips in their colours; the row itself opens the editor. */}
                            <NoteText notes={tx.notes} />
                          </Fragment>
                        ) : null}
                      </span>
                    </span>
                    <span className="ph-tx-figures">
                      <Amount cents={tx.amount} />
                      {balance !== null && (
                        <span className="ph-tx-balance subdued">
                          <span className="sr-only">balance </span>
                          <Amount cents={balance} colored={false} />
                        </span>
                      )}
                    </span>
                    <span
                      className={`ph-cleared${tx.cleared ? ' is-cleared' : ''}`}
                      title={tx.cleared ? 'Cleared' : 'Not cleared'}
                    >
                      <span aria-hidden="true">{tx.cleared ? '●' : '○'}</span>
                      <span className="sr-only">{tx.cleared ? 'cleared' : 'not cleared'}</span>
                    </span>
                  </Link>
                </li>
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
 * or a view shown before) the rows this view showed last, with the editor's confirmed save in
 * place (phone-memory.ts), so the list paints at once rather than blank until the read.
 */
function useKeptRows(
  query: unknown,
  data: { groups: RegisterTx[]; balance: number | null; loading: boolean },
  account: string | null,
) {
  const memory = useStore().slot(PhoneMemorySlot);
  const budgetId = useAppState((s) => s.prefs?.id ?? null);
  const key = `${budgetId}:${JSON.stringify(query)}`;
  const { groups, balance, loading } = data;
  useEffect(() => {
    if (!loading) memory.read(key, { groups, balance });
  }, [memory, key, groups, balance, loading]);
  const kept = useMemo(
    () => (loading ? memory.rows(key, account) : null),
    [memory, key, account, loading],
  );
  return kept ?? { groups, balance };
}

/** A bank row's review mark on a phone: the word, and what it means to a screen reader. */
function PhoneMark({ entry }: { entry: Parameters<typeof markText>[0] | undefined }) {
  if (!entry) return null;
  return (
    <span className={`reg-review ${entry.kind === 'new' ? 'new' : 'matched'}`}>
      <span aria-hidden="true">{markText(entry)}</span>
      <span className="sr-only">{markLabel(entry)}: </span>
    </span>
  );
}
