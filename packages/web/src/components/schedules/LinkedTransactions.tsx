import { q } from '@coffer/core/ui';
import { useStore } from '../../store/context.ts';
import { useQuery } from '../kit/data/data.ts';
import { TransactionsTable, type TxnRow } from './TransactionsTable.tsx';
import { Button } from '../kit/ui/Button.tsx';

/** How many linked transactions the editor lists (the newest). */
const SHOWN = 50;

/** The transactions linked to a schedule, newest first, each with Unlink. */
export function LinkedTransactions({ scheduleId }: { scheduleId: string }) {
  const store = useStore();
  const rows = useQuery<TxnRow[]>(
    q('transactions')
      .filter({ schedule: scheduleId })
      .select(['id', 'date', 'amount', 'payee', 'account', 'notes'])
      .limit(SHOWN)
      .serialize(),
    ['transactions', 'payees', 'accounts'],
  );
  if (rows === null) return null;
  if (rows.length === 0) {
    return <p className="subdued">No transactions are linked to this schedule yet.</p>;
  }
  return (
    <TransactionsTable
      label="Linked transactions"
      rows={rows}
      action={(t) => (
        <Button
          type="button"
          variant="bare"
          onClick={() =>
            void store.backend.send('transactions-batch-update', {
              updated: [{ id: t.id, schedule: null }],
            })
          }
        >
          Unlink
        </Button>
      )}
    />
  );
}
