import type { ReactNode } from 'react';
import { useAppState } from '../../app/context.ts';
import { useFormat } from '../../app/use-format.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';

export interface TxnRow {
  id: string;
  date: string;
  amount: number;
  payee: string | null;
  account: string;
  notes: string | null;
}

interface Props {
  label: string;
  rows: readonly TxnRow[];
  /** A checkbox before each row, for picking some. */
  picked?: { has(id: string): boolean; toggle(id: string): void };
  /** A button (or anything) after each row, e.g. Unlink. */
  action?: (row: TxnRow) => ReactNode;
}

/**
 * A short list of transactions (a schedule's, the ones to link): date, payee, account, notes
 * and amount; each row named by its date, payee and amount.
 */
export function TransactionsTable({ label, rows, picked, action }: Props) {
  const fmt = useFormat();
  const payeeName = usePayeeName();
  const accounts = useAppState((s) => s.accounts);
  return (
    <table className="schedule-txns" aria-label={label}>
      <thead>
        <tr>
          {picked && (
            <th scope="col" className="link-check">
              <span className="sr-only">Selected</span>
            </th>
          )}
          <th scope="col">Date</th>
          <th scope="col">Payee</th>
          <th scope="col">Account</th>
          <th scope="col">Notes</th>
          <th scope="col" className="amount">
            Amount
          </th>
          {action && (
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => {
          const name = `${fmt.date(t.date)} ${payeeName(t.payee)} ${fmt.amount(t.amount)}`;
          return (
            <tr key={t.id} aria-label={name}>
              {picked && (
                <td className="link-check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    checked={picked.has(t.id)}
                    onChange={() => picked.toggle(t.id)}
                  />
                </td>
              )}
              <td>{fmt.date(t.date)}</td>
              <td>{payeeName(t.payee)}</td>
              <td>{accounts.find((a) => a.id === t.account)?.name ?? ''}</td>
              <td className="subdued">{t.notes}</td>
              <td className="amount">
                <Amount cents={t.amount} />
              </td>
              {action && <td className="schedule-txn-action">{action(t)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
