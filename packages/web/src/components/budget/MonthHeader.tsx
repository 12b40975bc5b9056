import { memo } from 'react';
import { useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { prevMonth, monthTitle, monthName } from '@coffer/core/ui';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { useStoreNumber } from '../kit/data/sheet-cell-store.ts';
import { cell } from './cells.ts';
import { monthMenu, runMonthItem } from './menus.ts';
import { useBudgetView } from './view.ts';
import { Button } from '../kit/ui/Button.tsx';

function Figure({
  cents,
  label,
  colored = true,
}: {
  cents: number;
  label: string;
  colored?: boolean;
}) {
  const fmt = useFormat();
  return (
    <>
      <span className={`amount${colored && cents < 0 ? ' negative' : ''}`}>
        {fmt.amount(cents)}
      </span>
      <span className="bt-figure-label">{label}</span>
    </>
  );
}

/** The envelope month's summary: what there was to budget and what is left (To Budget). */
export function EnvelopeSummary({ month }: { month: string }) {
  const { cells } = useBudgetView();
  const store = useStore();
  const fmt = useFormat();
  const n = (name: string) => cell(month, name);
  const available = useStoreNumber(cells, n('available-funds'));
  const overspent = useStoreNumber(cells, n('last-month-overspent'));
  const budgeted = useStoreNumber(cells, n('total-budgeted'));
  const buffered = useStoreNumber(cells, n('buffered'));
  const toBudget = useStoreNumber(cells, n('to-budget'));
  const over = toBudget < 0;
  return (
    <div className="bt-summary">
      <div className="bt-figures">
        <Figure cents={available} label="Available funds" />
        <Figure cents={overspent} label={`Overspent in ${monthName(prevMonth(month), true)}`} />
        <Figure cents={budgeted} label="Budgeted" />
        <Figure cents={buffered === 0 ? 0 : -buffered} label="For next month" />
      </div>
      {/* Named by what it shows, the month and what it does told between (WCAG 2.5.3). */}
      <Button
        type="button"
        variant="plain"
        className={`bt-to-budget${over ? ' over' : ''}`}
        data-month={month}
        onClick={() => store.pushModal('budget-summary', { month })}
      >
        <span className="bt-to-budget-label">
          {over ? 'Overbudget' : 'To Budget'}
          <span className="sr-only"> in {monthTitle(month)}:</span>
        </span>
        <span className={`amount${over ? ' negative' : ''}`}>{fmt.amount(toBudget)}</span>
        <span className="sr-only">, show budget details</span>
      </Button>
    </div>
  );
}

/** The tracking month's summary: income and expenses, budgeted against actual, and the saving. */
export function TrackingSummary({ month }: { month: string }) {
  const { cells } = useBudgetView();
  const fmt = useFormat();
  const n = (name: string) => cell(month, name);
  const budgetIncome = useStoreNumber(cells, n('total-budget-income'));
  const income = useStoreNumber(cells, n('total-income'));
  const budgeted = useStoreNumber(cells, n('total-budgeted'));
  const spent = useStoreNumber(cells, n('total-spent'));
  const saved = useStoreNumber(cells, n('total-saved'));
  const realSaved = useStoreNumber(cells, n('real-saved'));
  const amount = (cents: number) => (
    <span className={`amount${cents < 0 ? ' negative' : ''}`}>{fmt.amount(cents)}</span>
  );
  return (
    <div className="bt-summary">
      <div className="bt-tracking" role="group" aria-label={`Summary of ${monthTitle(month)}`}>
        <span />
        <span className="bt-figure-head">Budgeted</span>
        <span className="bt-figure-head">Actual</span>
        <span className="bt-figure-label">Income</span>
        {amount(budgetIncome)}
        {amount(income)}
        <span className="bt-figure-label">Expenses</span>
        {amount(budgeted)}
        {amount(spent === 0 ? 0 : -spent)}
        <span className="bt-figure-label">Saved</span>
        {amount(saved)}
        {amount(realSaved)}
      </div>
      <div className={`bt-to-budget static${realSaved < 0 ? ' over' : ''}`}>
        <span className="bt-to-budget-label">{realSaved < 0 ? 'Overspent' : 'Saved'}</span>
        <span className={`amount${realSaved < 0 ? ' negative' : ''}`}>{fmt.amount(realSaved)}</span>
      </div>
    </div>
  );
}

/** One month's title, its menu, and its summary. */
export const MonthHeader = memo(function MonthHeader({ month }: { month: string }) {
  const view = useBudgetView();
  const store = useStore();
  const buffered = useStoreNumber(view.cells, cell(month, 'buffered'));
  const title = monthTitle(month);
  return (
    <div className="bt-month-head">
      <div className="bt-month-title">
        <h2>{title}</h2>
        {month === view.current && <span className="bt-current">This month</span>}
        <MenuButton
          label="⋯"
          ariaLabel={`Actions for ${title}`}
          className="btn btn-bare bt-month-menu"
          items={monthMenu(view.type, buffered, view.goalTemplates)}
          onSelect={(item) => void runMonthItem(store, month, item)}
        />
      </div>
      {view.type === 'rollover' ? (
        <EnvelopeSummary month={month} />
      ) : (
        <TrackingSummary month={month} />
      )}
    </div>
  );
});
