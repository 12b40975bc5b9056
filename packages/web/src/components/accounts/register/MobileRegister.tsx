/**
 * An account's transactions on a narrow screen (spec: limited features on small screens):
 * the header with its balance and a compact list, date, payee and amount, read a page at a
 * time like the full register.
 */
import { useMemo } from 'react';
import { useFormat } from '../../../store/use-format.ts';
import { Amount } from '../../kit/ui/AmountInput.tsx';
import { usePayeeName } from '../../kit/pickers/Pickers.tsx';
import { VirtualTable } from '../../kit/ui/VirtualTable.tsx';
import { MobileAccountHeader } from '../account/MobileAccounts.tsx';
import { registerQuery } from '../rows/register-query.ts';
import { useRegisterRows } from '../rows/use-register-rows.ts';
import type { RegisterView } from '../rows/views.ts';

export function MobileRegister({ view }: { view: RegisterView }) {
  const fmt = useFormat();
  const payeeName = usePayeeName();
  const query = useMemo(
    () =>
      registerQuery({
        view: view.filter,
        search: null,
        filters: [],
        conditionsOp: 'and',
        hideCleared: false,
        sort: null,
      }),
    [view.filter],
  );
  const data = useRegisterRows(query, null);
  return (
    <div className="page accounts-page m-register">
      <MobileAccountHeader title={view.title} cell={view.balanceCell} />
      <VirtualTable
        label={`${view.title} transactions`}
        className="m-txns"
        columns={[
          { id: 'date', header: 'Date', width: '100px', cell: (t) => fmt.date(t.date) },
          {
            id: 'payee',
            header: 'Payee',
            width: 'minmax(0, 1fr)',
            cell: (t) => payeeName(t.payee) || t.notes || '',
          },
          {
            id: 'amount',
            header: 'Amount',
            width: '96px',
            align: 'right',
            cell: (t) => <Amount cents={t.amount} />,
          },
        ]}
        rows={data.groups}
        total={data.complete ? data.groups.length : null}
        rowKey={(t) => t.id}
        rowLabel={(t) => `${fmt.date(t.date)} ${payeeName(t.payee)}`}
        onNearEnd={data.complete ? undefined : data.loadMore}
        empty={data.loading ? null : 'No transactions'}
      />
    </div>
  );
}
