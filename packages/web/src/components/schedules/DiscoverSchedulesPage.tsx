import { describeRecurrence, type RecurConfig } from '@coffer/core/ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { failureOf } from '../../backend/backend.ts';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { toggled } from './schedule-logic.ts';
import './schedules.css';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

/** A recurring payment found in the history (core's `schedule/discover`). */
interface Found {
  id: string;
  account: string;
  payee: string;
  date: RecurConfig;
  amount: number;
  _conditions: Array<{ field: string; op: string; value: unknown }>;
}

const isApprox = (found: Found, field: string) =>
  found._conditions.some((c) => c.field === field && c.op === 'isapprox');

/**
 * `/schedule/discover`: the payments that repeat in the history and have no schedule yet,
 * each with the schedule it would become; the chosen ones are created in one step.
 */
export function DiscoverSchedulesPage() {
  const store = useStore();
  const navigate = useNavigate();
  const fmt = useFormat();
  const payeeName = usePayeeName();
  const accounts = useAppState((s) => s.accounts);
  const [found, setFound] = useState<Found[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void store.backend.send('schedule/discover').then((res) => {
      if (cancelled) return;
      const list = Array.isArray(res) ? res : [];
      setFound(list);
      // Everything found is offered ticked; the person unticks what is not a schedule.
      setChosen(new Set(list.map((f) => f.id)));
    });
    return () => {
      cancelled = true;
    };
  }, [store]);

  async function create() {
    if (!found) return;
    setCreating(true);
    setProblem(null);
    for (const f of found.filter((x) => chosen.has(x.id))) {
      const result = await store.backend.send('schedule/create', { conditions: f._conditions });
      const error = failureOf(result);
      if (error) {
        setCreating(false);
        return setProblem(error.message ?? 'A schedule could not be created');
      }
    }
    navigate('/schedules');
  }

  const toggle = (id: string) => setChosen((s) => toggled(s, id));
  const all = found !== null && found.length > 0 && chosen.size === found.length;

  return (
    <div className="page discover-page">
      <h1>Found schedules</h1>
      {found === null ? (
        <div className="row">
          <Spinner /> <span>Looking through your transactions for payments that repeat…</span>
        </div>
      ) : found.length === 0 ? (
        <div className="card stack">
          <strong>No schedules found</strong>
          <span>
            Nothing in your history repeats often enough yet: a payment needs the same payee and
            about the same amount at least three times in a row, weekly, every other week or
            monthly.
          </span>
        </div>
      ) : (
        <>
          <p>
            These payments repeat in your history and have no schedule yet. Choose the ones to turn
            into schedules; you can edit each one afterwards.
          </p>
          <div className="card discover-card">
            <Table className="schedule-txns" aria-label="Found schedules">
              <TableHead>
                <TableRow>
                  <TableHeader scope="col" className="link-check">
                    <Checkbox
                      label="Select all"
                      checked={all}
                      onChange={() => setChosen(all ? new Set() : new Set(found.map((f) => f.id)))}
                    />
                  </TableHeader>
                  <TableHeader scope="col">Payee</TableHeader>
                  <TableHeader scope="col">Account</TableHeader>
                  <TableHeader scope="col">When</TableHeader>
                  <TableHeader scope="col" className="amount">
                    Amount
                  </TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {found.map((f) => {
                  const payee = payeeName(f.payee);
                  return (
                    <TableRow key={f.id} aria-label={payee}>
                      <TableCell className="link-check">
                        <Checkbox
                          label={`Select ${payee}`}
                          checked={chosen.has(f.id)}
                          onChange={() => toggle(f.id)}
                        />
                      </TableCell>
                      <TableCell>{payee}</TableCell>
                      <TableCell>{accounts.find((a) => a.id === f.account)?.name ?? ''}</TableCell>
                      <TableCell>
                        {isApprox(f, 'date') ? 'About ' : ''}
                        {describeRecurrence(f.date, fmt.date).replace(/^Every/, (w) =>
                          isApprox(f, 'date') ? w.toLowerCase() : w,
                        )}
                        <span className="subdued"> from {fmt.date(f.date.start)}</span>
                      </TableCell>
                      <TableCell className="amount">
                        <span className={`amount${f.amount < 0 ? ' negative' : ''}`}>
                          {isApprox(f, 'amount') ? '~' : ''}
                          {fmt.amount(f.amount)}
                        </span>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      {problem && <ErrorText>{problem}</ErrorText>}
      <div className="row discover-footer">
        <Button type="button" onClick={() => navigate('/schedules')}>
          {found?.length ? 'Do nothing' : 'Back to schedules'}
        </Button>
        {found !== null && found.length > 0 && (
          <Button
            type="button"
            variant="primary"
            disabled={chosen.size === 0 || creating}
            onClick={() => void create()}
          >
            {chosen.size === 1 ? 'Create schedule' : `Create ${chosen.size} schedules`}
          </Button>
        )}
      </div>
    </div>
  );
}

export default DiscoverSchedulesPage;
