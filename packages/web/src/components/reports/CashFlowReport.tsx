import { useSearchParams } from 'react-router';
import { useAppState } from '../../app/context.ts';
import { Amount } from '../kit/AmountInput.tsx';
import { CashFlowChart, type FlowKind, periodLabel } from './charts/CashFlowChart.tsx';
import { AccountsPicker } from './controls/AccountsPicker.tsx';
import { RangePicker } from './controls/RangePicker.tsx';
import { canShowDays, type Interval, loadCashFlow } from './data/cash-flow.ts';
import { monthCount, spanLabel } from './data/range.ts';
import { amountSign, dayCondition, monthCondition, notTransfers } from './data/register-filter.ts';
import { transferPayeesOf } from './data/source.ts';
import { Figure, ReportFrame, useOpenRegister } from './ReportFrame.tsx';
import { useBudgetMeta, useReport, useRunner } from './use-report.ts';
import { useReportParams } from './use-report-params.ts';

const PRESETS = ['1m', '3m', '6m', '1y', '3y', '5y', 'all'] as const;

/**
 * Money in and out of the chosen accounts by month (or day), with their running balance.
 * Transfers between the chosen accounts move nothing in or out, so they are left out.
 */
export function CashFlowReport() {
  const meta = useBudgetMeta();
  const accounts = useAppState((s) => s.accounts);
  const params = useReportParams(accounts, { range: '6m', accounts: 'budget' });
  const [search, setSearch] = useSearchParams();
  const run = useRunner();
  const openRegister = useOpenRegister();
  const { span, chosen } = params;
  const daysAllowed = canShowDays(span);
  const asked = search.get('interval');
  const interval: Interval =
    daysAllowed && (asked === 'day' || (asked === null && monthCount(span) === 1))
      ? 'day'
      : 'month';
  const transferPayees = transferPayeesOf(meta, chosen);
  const key = params.ready ? JSON.stringify([span, chosen, interval, transferPayees]) : null;
  const { data, loading } = useReport(key, () =>
    loadCashFlow(run, {
      ...span,
      accounts: chosen,
      transferPayees,
      interval,
      firstMonth: params.first,
    }),
  );

  const periodCondition = (period: string) =>
    period.length === 7 ? monthCondition(period) : dayCondition(period);
  const open = (period: string, kind?: FlowKind) =>
    openRegister(chosen, [
      periodCondition(period),
      ...(kind ? [amountSign(kind === 'income' ? 'in' : 'out')] : []),
      ...notTransfers(transferPayees),
    ]);
  const setInterval = (i: Interval) =>
    setSearch(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('interval', i);
        return next;
      },
      { replace: true },
    );

  return (
    <ReportFrame
      title="Cash flow"
      busy={loading}
      controls={
        <>
          <RangePicker
            value={params.range}
            onChange={params.setRange}
            presets={PRESETS}
            first={params.first}
            current={params.current}
            resolved={span}
          />
          <AccountsPicker accounts={accounts} chosen={chosen} onChange={params.setAccounts} />
          {daysAllowed && (
            <div className="segmented" role="group" aria-label="Show by">
              {(
                [
                  ['month', 'Month'],
                  ['day', 'Day'],
                ] as const
              ).map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  className="segmented-item"
                  aria-pressed={interval === value}
                  onClick={() => setInterval(value)}
                >
                  {label}
                </button>
              ))}
            </div>
          )}
        </>
      }
    >
      {data && (
        <>
          <div className="report-figures">
            <Figure label="Income" cents={data.income} hint={spanLabel(span)} />
            <Figure label="Expenses" cents={data.expenses} />
            <Figure label="Net" cents={data.net} signed />
            <Figure label="Balance" cents={data.endBalance} hint="At the end of the range" />
          </div>
          <section className="card report-chart" aria-label="Cash flow chart">
            {data.periods.every((p) => p.income === 0 && p.expenses === 0) ? (
              <p className="report-empty">No money came in or went out in these months.</p>
            ) : (
              <CashFlowChart periods={data.periods} interval={interval} onBar={open} />
            )}
          </section>
          <section className="card report-table-card">
            <table className="report-table" aria-label={`Cash flow by ${interval}`}>
              <thead>
                <tr>
                  <th scope="col">{interval === 'day' ? 'Day' : 'Month'}</th>
                  <th scope="col" className="num">
                    Income
                  </th>
                  <th scope="col" className="num">
                    Expenses
                  </th>
                  <th scope="col" className="num">
                    Net
                  </th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...data.periods].reverse().map((p) => (
                  <tr key={p.period}>
                    <th scope="row">
                      <button
                        type="button"
                        className="link-button report-row-link"
                        title="Show these transactions"
                        onClick={() => open(p.period)}
                      >
                        {periodLabel(p.period)}
                      </button>
                    </th>
                    <td>
                      <Amount cents={p.income} />
                    </td>
                    <td>
                      <Amount cents={p.expenses} />
                    </td>
                    <td>
                      <Amount cents={p.net} />
                    </td>
                    <td>
                      <Amount cents={p.balance} />
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td>
                    <Amount cents={data.income} />
                  </td>
                  <td>
                    <Amount cents={data.expenses} />
                  </td>
                  <td>
                    <Amount cents={data.net} />
                  </td>
                  <td>
                    <Amount cents={data.endBalance} />
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>
        </>
      )}
    </ReportFrame>
  );
}

export default CashFlowReport;
