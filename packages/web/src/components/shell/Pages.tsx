import { useLocation, useNavigate } from 'react-router';
import { useAppState, useStore } from '../../app/context.ts';
import { useFormat } from '../../app/use-format.ts';
import { weekdaysFrom } from '../../util/format.ts';
import { balanceCells, cellNumber } from '../accounts/balance-queries.ts';

export function Placeholder({ title }: { title: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="subdued">This area is not part of this build yet.</p>
    </div>
  );
}

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

export function PostTransactions() {
  const store = useStore();
  const navigate = useNavigate();
  const { state } = useLocation() as {
    state: { payees?: Array<{ name?: string } | string> } | null;
  };
  const payees = (state?.payees ?? []).map((p) => (typeof p === 'string' ? p : (p.name ?? '')));
  return (
    <div className="modal-overlay">
      <div
        className="modal card stack"
        role="dialog"
        aria-labelledby="post-title"
        style={{ width: 500 }}
      >
        <h2 id="post-title">Post transactions?</h2>
        <p>
          {payees.length > 0
            ? `The payees ${payees.join(', ')} have schedules that are due today.`
            : 'Some schedules are due today.'}{' '}
          Usually transactions are created for these schedules automatically, but you are offline.
          Post them now? Another device may already have created them; if so, you will see
          duplicates. You can also post a due schedule later from its action menu.
        </p>
        <div className="modal-footer">
          <button className="btn" onClick={() => navigate(-1)}>
            Decide later
          </button>
          <button
            className="btn btn-primary"
            onClick={async () => {
              await store.backend.send('schedule/force-run-service');
              navigate(-1);
            }}
          >
            Post transactions
          </button>
        </div>
      </div>
    </div>
  );
}
