import { q } from '@coffer/core/query/query.ts';
import { useAppState, useStore } from '../../app/context.ts';
import { useFormat } from '../../app/use-format.ts';
import { Amount } from '../kit/AmountInput.tsx';
import { useQuery } from '../kit/data.ts';
import { usePayeeName } from '../kit/Pickers.tsx';

export interface TxnRow {
  id: string;
  date: string;
  amount: number;
  payee: string | null;
  account: string;
  notes: string | null;
}

/** How many linked transactions the editor lists (the newest). */
const SHOWN = 50;

/** The transactions linked to a schedule, newest first, each with Unlink. */
export function LinkedTransactions({ scheduleId }: { scheduleId: string }) {
  const store = useStore();
  const fmt = useFormat();
  const payeeName = usePayeeName();
  const accounts = useAppState((s) => s.accounts);
  const rows = useQuery<TxnRow[]>(
    q('transactions')
      .filter({ schedule: scheduleId })
      .select(['id', 'date', 'amount', 'payee', 'account', 'notes'])
      .limit(SHOWN)
      .serialize(),
    ['transactions', 'payees', 'accounts'],
  );

  const unlink = (id: string) =>
    store.backend.send('transactions-batch-update', { updated: [{ id, schedule: null }] });

  if (rows === null) return null;
  if (rows.length === 0) {
    return <p className="subdued">No transactions are linked to this schedule yet.</p>;
  }
  return (
    <table className="schedule-txns" aria-label="Linked transactions">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Payee</th>
          <th scope="col">Account</th>
          <th scope="col">Notes</th>
          <th scope="col" className="amount">
            Amount
          </th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.id} aria-label={`${fmt.date(t.date)} ${payeeName(t.payee)}`}>
            <td>{fmt.date(t.date)}</td>
            <td>{payeeName(t.payee)}</td>
            <td>{accounts.find((a) => a.id === t.account)?.name ?? ''}</td>
            <td className="subdued">{t.notes}</td>
            <td className="amount">
              <Amount cents={t.amount} />
            </td>
            <td className="schedule-txn-action">
              <button type="button" className="btn btn-bare" onClick={() => void unlink(t.id)}>
                Unlink
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
