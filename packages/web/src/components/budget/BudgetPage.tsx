import { useAppState } from '../../app/context.ts';
import { useFormat } from '../../app/use-format.ts';
import { weekdaysFrom } from '../../util/format.ts';
import { balanceCells, cellNumber } from '../accounts/balance-queries.ts';

/** A summary of the budget's accounts until the budget table lands. */
export function BudgetPage() {
  const fmt = useFormat();
  const total = useAppState((s) => cellNumber(s.cells, balanceCells.onBudget().name));
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="page">
      <h1>Budget</h1>
      <div className="card stack" style={{ maxWidth: 480 }}>
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <span>For budget</span>
          <strong className={total < 0 ? 'amount negative' : 'amount'} data-testid="budget-total">
            {fmt.amount(total)}
          </strong>
        </div>
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <span>Today</span>
          <span data-testid="today">{fmt.date(today)}</span>
        </div>
        <div className="row subdued" style={{ justifyContent: 'space-between' }}>
          <span>Week starts</span>
          <span>{weekdaysFrom(fmt.firstDayOfWeek)[0]}</span>
        </div>
      </div>
      <p className="subdued">The envelope budget table is not part of this build yet.</p>
    </div>
  );
}

export default BudgetPage;
