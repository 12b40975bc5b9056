import { describeRecurrence } from '@coffer/core/ui';
import { Link, useNavigate } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { type Column, VirtualTable } from '../kit/ui/VirtualTable.tsx';
import {
  amountText,
  isRange,
  rangeEnds,
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
      // Names first: the widest share, payees and accounts next; at 1100 px each still has room
      // for a usual name, and the Repeats column gives way, on two lines (whole on hover). A
      // longer name shows whole on hover (title) and focus (CSS).
      width: 'minmax(116px, 1.6fr)',
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
      width: 'minmax(160px, 1.1fr)',
      title: (row) => payeeName(row._payee) || undefined,
      cell: (row) => payeeName(row._payee),
    },
    {
      id: 'account',
      header: 'Account',
      width: 'minmax(88px, 0.6fr)',
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
                <span className="schedule-repeats" title={describeRecurrence(row._date, fmt.date)}>
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
      // The widest badge, 'Completed', whole.
      width: '108px',
      cell: (row) => <StatusBadge status={statuses[row.id]} />,
    },
    {
      id: 'amount',
      header: 'Amount',
      width: '104px',
      align: 'right',
      cell: (row) => <ScheduleAmount row={row} format={fmt.amount} />,
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

/**
 * A schedule's amount; a range ('between') reads on two lines, its low end over 'to' its high
 * end, so both figures show whole in a column sized for one.
 */
function ScheduleAmount({ row, format }: { row: ScheduleRow; format: (cents: number) => string }) {
  const negative = scheduledAmount(row._amount) < 0 ? ' negative' : '';
  if (!isRange(row._amount))
    return <span className={`amount${negative}`}>{amountText(row, format)}</span>;
  const [low, high] = rangeEnds(row._amount, format);
  return (
    <span className={`amount amount-range${negative}`}>
      <span>{low}</span> <span>to {high}</span>
    </span>
  );
}
