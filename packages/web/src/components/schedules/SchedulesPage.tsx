import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { useResponsive } from '../../store/responsive.ts';
import { useFormat } from '../../store/use-format.ts';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { ScheduleCalendar } from './ScheduleCalendar.tsx';
import { filterSchedules } from './schedule-logic.ts';
import { SchedulesTable } from './SchedulesTable.tsx';
import { useScheduleRows, useScheduleStatuses } from './use-schedules.ts';
import './schedules.css';
import { Button } from '../kit/ui/Button.tsx';

type View = 'list' | 'calendar';

/**
 * `/schedules`: every schedule with its status, a search, each row's actions, and a calendar
 * of what is coming with the projected balance day by day (`?view=calendar`).
 */
export function SchedulesPage() {
  const store = useStore();
  const navigate = useNavigate();
  const fmt = useFormat();
  const { width } = useResponsive();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const rows = useScheduleRows();
  const statuses = useScheduleStatuses();
  const [filter, setFilter] = useState('');
  const payeeName = usePayeeName();
  const accounts = useAppState((s) => s.accounts);

  const shown = useMemo(
    () =>
      filterSchedules(rows ?? [], filter, statuses, {
        payee: payeeName,
        account: (id) => accounts.find((a) => a.id === id)?.name ?? '',
        date: fmt.date,
        amount: fmt.amount,
      }),
    [rows, filter, statuses, payeeName, accounts, fmt],
  );

  const setView = (next: View) =>
    setParams(next === 'list' ? {} : { view: next }, { replace: true });
  const onError = (message: string) => store.addNotification({ type: 'error', message });

  return (
    <div className="page schedules-page">
      <div className="schedules-header">
        <h1>Schedules</h1>
        <div className="view-switch" role="group" aria-label="View">
          {(['list', 'calendar'] as const).map((v) => (
            <Button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
              {v === 'list' ? 'List' : 'Calendar'}
            </Button>
          ))}
        </div>
      </div>
      {view === 'list' ? (
        <>
          <div className="schedules-toolbar">
            <input
              className="input schedules-filter"
              type="search"
              placeholder="Filter schedules..."
              aria-label="Filter schedules"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <div className="schedules-actions">
              <Link className="btn" to="/schedule/discover">
                Find schedules
              </Link>
              <Link className="btn" to="/schedule/link">
                Link transactions
              </Link>
              <Button type="button" variant="primary" onClick={() => navigate('/schedule/edit')}>
                Add new schedule
              </Button>
            </div>
          </div>
          {rows === null ? (
            <div className="schedules-loading">
              <Spinner />
            </div>
          ) : (
            <SchedulesTable
              rows={shown}
              statuses={statuses}
              wide={width >= 1024}
              onError={onError}
              empty={
                rows.length === 0 ? (
                  <div className="stack schedules-empty">
                    <strong>No schedules yet</strong>
                    <span>
                      A schedule stands for a bill or an income that repeats. Add one, or let Coffer
                      find the ones your history already shows.
                    </span>
                  </div>
                ) : (
                  'No schedules match the filter'
                )
              }
            />
          )}
        </>
      ) : (
        <ScheduleCalendar rows={rows ?? []} />
      )}
    </div>
  );
}

export default SchedulesPage;
