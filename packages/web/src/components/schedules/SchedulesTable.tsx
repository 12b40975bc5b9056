import { describeRecurrence } from '@coffer/core/ui';
import { Link, useNavigate } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { type Column, VirtualTable } from '../kit/ui/VirtualTable.tsx';
import {
  amountText,
  type RowAction,
  rowMenu,
  scheduledAmount,
  type ScheduleRow,
} from './schedule-logic.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { runRowAction } from './use-schedules.ts';

export interface SchedulesTableProps {
  rows: readonly ScheduleRow[];
  statuses: Readonly<Record<string, string>>;
  /** Whether there is room for the recurrence column. */
  wide: boolean;
  empty: React.ReactNode;
  onError: (message: string) => void;
}

/** The schedules list: name, payee, account, next date, status, amount, and each row's menu. */
export function SchedulesTable({ rows, statuses, wide, empty, onError }: SchedulesTableProps) {
  const store = useStore();
  const navigate = useNavigate();
  const fmt = useFormat();
  const payeeName = usePayeeName();
  const accounts = useAppState((s) => s.accounts);
  const accountName = (id: string | null) => accounts.find((a) => a.id === id)?.name ?? '';
  const label = (row: ScheduleRow) => row.name || payeeName(row._payee) || 'Schedule';

  async function act(action: string, row: ScheduleRow) {
    const problem = await runRowAction(store, action as RowAction, row);
    if (problem) onError(problem);
  }

  const columns: Column<ScheduleRow>[] = [
    {
      id: 'name',
      header: 'Name',
      // Names first: the widest share, payees next; the Repeats column stays at 1100 px but
      // gives way. A longer name shows whole on hover (title) and focus (CSS).
      width: 'minmax(128px, 1.6fr)',
      title: (row) => row.name || undefined,
      cell: (row) => (
        <Link
          to={`/schedule/edit/${row.id}`}
          className="schedule-name"
          aria-label={`Edit schedule ${label(row)}`}
        >
          {row.name || <span className="subdued">No name</span>}
        </Link>
      ),
    },
    {
      id: 'payee',
      header: 'Payee',
      width: 'minmax(164px, 1.1fr)',
      title: (row) => payeeName(row._payee) || undefined,
      cell: (row) => payeeName(row._payee),
    },
    {
      id: 'account',
      header: 'Account',
      width: 'minmax(80px, 0.6fr)',
      title: (row) => accountName(row._account) || undefined,
      cell: (row) => accountName(row._account),
    },
    {
      id: 'date',
      header: 'Next date',
      width: '104px',
      cell: (row) => (row.next_date ? fmt.date(row.next_date) : ''),
    },
    ...(wide
      ? [
          {
            id: 'repeats',
            header: 'Repeats',
            width: 'minmax(86px, 1.2fr)',
            cell: (row: ScheduleRow) =>
              typeof row._date === 'object' && row._date ? (
                <span title={describeRecurrence(row._date, fmt.date)}>
                  {describeRecurrence(row._date, fmt.date)}
                </span>
              ) : (
                <span className="subdued">Once</span>
              ),
          } satisfies Column<ScheduleRow>,
        ]
      : []),
    {
      id: 'status',
      header: 'Status',
      width: '104px',
      cell: (row) => <StatusBadge status={statuses[row.id]} />,
    },
    {
      id: 'amount',
      header: 'Amount',
      width: '100px',
      align: 'right',
      cell: (row) => (
        <span className={`amount${scheduledAmount(row._amount) < 0 ? ' negative' : ''}`}>
          {amountText(row, fmt.amount)}
        </span>
      ),
    },
    {
      id: 'menu',
      header: <span className="sr-only">Actions</span>,
      width: '40px',
      align: 'center',
      cell: (row) => (
        <MenuButton
          label="⋯"
          ariaLabel={`Actions for ${label(row)}`}
          className="btn btn-bare schedule-menu-button"
          items={rowMenu(row, statuses[row.id])}
          onSelect={(action) => void act(action, row)}
        />
      ),
    },
  ];

  return (
    <VirtualTable
      label="Schedules"
      className="schedules-table"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={label}
      empty={empty}
      rowProps={(row) => ({
        className: statuses[row.id] === 'completed' ? 'schedule-completed' : undefined,
        onDoubleClick: () => navigate(`/schedule/edit/${row.id}`),
      })}
    />
  );
}
