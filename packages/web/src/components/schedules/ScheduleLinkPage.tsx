import { q } from '@coffer/core/ui';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { failureOf } from '../../backend/backend.ts';
import { useQuery } from '../kit/data/data.ts';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { TransactionsTable, type TxnRow } from './TransactionsTable.tsx';
import {
  amountText,
  filterSchedules,
  scheduledAmount,
  type ScheduleRow,
  toggled,
} from './schedule-logic.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { useScheduleRows, useScheduleStatuses } from './use-schedules.ts';
import './schedules.css';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';
import { Button } from '../kit/ui/Button.tsx';

/** How many unlinked transactions the page offers when it is opened without a selection. */
const RECENT = 100;
const FIELDS = ['id', 'date', 'amount', 'payee', 'account', 'notes'];

/**
 * `/schedule/link`: link transactions to an existing schedule. The register opens it with the
 * selected transactions (`{ transactionIds }` in the location state); opened from the
 * schedules list, it offers the latest transactions not linked yet to pick from.
 */
export function ScheduleLinkPage() {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const fmt = useFormat();
  const payeeName = usePayeeName();
  const accounts = useAppState((s) => s.accounts);
  const given = (location.state as { transactionIds?: unknown } | null)?.transactionIds;
  const fixed = Array.isArray(given)
    ? given.filter((x): x is string => typeof x === 'string')
    : null;
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const rows = useScheduleRows();
  const statuses = useScheduleStatuses();
  const accountName = (id: string | null) => accounts.find((a) => a.id === id)?.name ?? '';

  const txns = useLinkCandidates(fixed, search);
  const chosen = fixed ?? [...picked];

  const open = useMemo(
    () =>
      filterSchedules(
        (rows ?? []).filter((r) => !r.completed),
        filter,
        statuses,
        { payee: payeeName, account: accountName, date: fmt.date, amount: fmt.amount },
      ),
    [rows, filter, statuses, payeeName, accounts, fmt],
  );

  async function link(row: ScheduleRow) {
    setProblem(null);
    const result = await store.backend.send('transactions-batch-update', {
      updated: chosen.map((id) => ({ id, schedule: row.id })),
    });
    const error = failureOf(result);
    if (error) return setProblem(error.message ?? 'The transactions could not be linked');
    const n = chosen.length;
    store.addNotification({
      type: 'message',
      message: `Linked ${n} ${n === 1 ? 'transaction' : 'transactions'} to ${row.name || payeeName(row._payee) || 'the schedule'}.`,
    });
    if (location.key === 'default') navigate('/schedules');
    else navigate(-1);
  }

  return (
    <div className="page schedule-link-page">
      <h1>Link schedule</h1>
      <section className="card schedule-section" aria-labelledby="link-txns">
        <h2 id="link-txns">
          {fixed
            ? `${fixed.length} selected ${fixed.length === 1 ? 'transaction' : 'transactions'}`
            : 'Transactions to link'}
        </h2>
        {!fixed && (
          <input
            className="input link-search"
            type="search"
            placeholder="Search payees and notes..."
            aria-label="Search transactions"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
        {txns === null ? (
          <Spinner />
        ) : txns.length === 0 ? (
          <p className="subdued">
            {fixed ? 'These transactions no longer exist.' : 'No transactions without a schedule.'}
          </p>
        ) : (
          <div className="link-txns-scroll">
            <TransactionsTable
              label="Transactions"
              rows={txns}
              picked={
                fixed
                  ? undefined
                  : {
                      has: (id) => picked.has(id),
                      toggle: (id) => setPicked((s) => toggled(s, id)),
                    }
              }
            />
          </div>
        )}
      </section>

      <section className="card schedule-section" aria-labelledby="link-schedules">
        <div className="schedule-section-head">
          <h2 id="link-schedules">Choose the schedule they belong to</h2>
          <input
            className="input link-filter"
            type="search"
            placeholder="Filter schedules..."
            aria-label="Filter schedules"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
        {problem && <ErrorText>{problem}</ErrorText>}
        {rows === null ? (
          <Spinner />
        ) : open.length === 0 ? (
          <p className="subdued">No open schedules{filter ? ' match the filter' : ''}.</p>
        ) : (
          <SchedulesTable
            rows={open}
            statuses={statuses}
            accountName={accountName}
            canLink={chosen.length > 0}
            onLink={(row) => void link(row)}
          />
        )}
      </section>
    </div>
  );
}

/**
 * The transactions the page offers: the ones given (a split's total too), or the latest not
 * linked to a schedule yet, those whose payee or notes hold the search.
 */
function useLinkCandidates(fixed: string[] | null, search: string) {
  const text = search.trim();
  const unlinked = q('transactions').filter({ schedule: null, is_parent: false });
  const txns = useQuery<TxnRow[]>(
    fixed
      ? q('transactions')
          // Every row selected, a split's total too (the default lists lines, not parents).
          .options({ splits: 'all' })
          .filter({ id: { $oneof: fixed } })
          .select(FIELDS)
          .serialize()
      : (text
          ? unlinked.filter({
              $or: [{ 'payee.name': { $like: `%${text}%` } }, { notes: { $like: `%${text}%` } }],
            })
          : unlinked
        )
          .select(FIELDS)
          .limit(RECENT)
          .serialize(),
    ['transactions', 'payees'],
  );
  return txns;
}

/** The open schedules, each with its button to link the transactions to it. */
function SchedulesTable({
  rows,
  statuses,
  accountName,
  canLink,
  onLink,
}: {
  rows: readonly ScheduleRow[];
  statuses: ReturnType<typeof useScheduleStatuses>;
  accountName: (id: string | null) => string;
  canLink: boolean;
  onLink: (row: ScheduleRow) => void;
}) {
  const fmt = useFormat();
  const payeeName = usePayeeName();
  return (
    <Table className="schedule-txns" aria-label="Schedules">
      <TableHead>
        <TableRow>
          <TableHeader scope="col">Name</TableHeader>
          <TableHeader scope="col">Payee</TableHeader>
          <TableHeader scope="col">Account</TableHeader>
          <TableHeader scope="col">Next date</TableHeader>
          <TableHeader scope="col">Status</TableHeader>
          <TableHeader scope="col" className="amount">
            Amount
          </TableHeader>
          <TableHeader scope="col">
            <span className="sr-only">Link</span>
          </TableHeader>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const label = row.name || payeeName(row._payee) || 'Schedule';
          return (
            <TableRow key={row.id} aria-label={label}>
              <TableCell>{row.name}</TableCell>
              <TableCell>{payeeName(row._payee)}</TableCell>
              <TableCell>{accountName(row._account)}</TableCell>
              <TableCell>{row.next_date ? fmt.date(row.next_date) : ''}</TableCell>
              <TableCell>
                <StatusBadge status={statuses[row.id]} />
              </TableCell>
              <TableCell className="amount">
                <span className={`amount${scheduledAmount(row._amount) < 0 ? ' negative' : ''}`}>
                  {amountText(row, fmt.amount)}
                </span>
              </TableCell>
              <TableCell className="schedule-txn-action">
                <Button
                  type="button"
                  aria-label={`Link to ${label}`}
                  disabled={!canLink}
                  onClick={() => onLink(row)}
                >
                  Link
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export default ScheduleLinkPage;
