import type { ReactNode } from 'react';
import { useAppState } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

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
    <Table className="schedule-txns" aria-label={label}>
      <TableHead>
        <TableRow>
          {picked && (
            <TableHeader scope="col" className="link-check">
              <span className="sr-only">Selected</span>
            </TableHeader>
          )}
          <TableHeader scope="col">Date</TableHeader>
          <TableHeader scope="col">Payee</TableHeader>
          <TableHeader scope="col">Account</TableHeader>
          <TableHeader scope="col">Notes</TableHeader>
          <TableHeader scope="col" className="amount">
            Amount
          </TableHeader>
          {action && (
            <TableHeader scope="col">
              <span className="sr-only">Actions</span>
            </TableHeader>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((t) => {
          const name = `${fmt.date(t.date)} ${payeeName(t.payee)} ${fmt.amount(t.amount)}`;
          return (
            <TableRow key={t.id} aria-label={name}>
              {picked && (
                <TableCell className="link-check">
                  <Checkbox
                    label={`Select ${name}`}
                    checked={picked.has(t.id)}
                    onChange={() => picked.toggle(t.id)}
                  />
                </TableCell>
              )}
              <TableCell>{fmt.date(t.date)}</TableCell>
              <TableCell>{payeeName(t.payee)}</TableCell>
              <TableCell>{accounts.find((a) => a.id === t.account)?.name ?? ''}</TableCell>
              <TableCell className="subdued">{t.notes}</TableCell>
              <TableCell className="amount">
                <Amount cents={t.amount} />
              </TableCell>
              {action && <TableCell className="schedule-txn-action">{action(t)}</TableCell>}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
