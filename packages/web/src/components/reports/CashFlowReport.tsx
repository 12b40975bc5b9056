import { useSearchParams } from 'react-router';
import { useAppState } from '../../store/context.ts';
import { CashFlowChart, type FlowKind, periodLabel } from './charts/CashFlowChart.tsx';
import { ReportControls } from './controls/ReportControls.tsx';
import { canShowDays, type Interval, loadCashFlow } from './data/cash-flow.ts';
import { monthCount, spanLabel } from './data/range.ts';
import { amountSign, dayCondition, monthCondition, notTransfers } from './data/register-filter.ts';
import { transferPayeesOf } from './data/source.ts';
import { FigureTable } from './FigureTable.tsx';
import { Figure, ReportFrame, useOpenRegister } from './ReportFrame.tsx';
import { useBudgetMeta, useReport, useRunner } from './use-report.ts';
import { useReportParams } from './use-report-params.ts';
import { Button } from '../kit/ui/Button.tsx';

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
          <ReportControls params={params} presets={PRESETS} accounts={accounts} />
          {daysAllowed && (
            <div className="segmented" role="group" aria-label="Show by">
              {(
                [
                  ['month', 'Month'],
                  ['day', 'Day'],
                ] as const
              ).map(([value, label]) => (
                <Button
                  key={value}
                  type="button"
                  variant="plain"
                  className="segmented-item"
                  aria-pressed={interval === value}
                  onClick={() => setInterval(value)}
                >
                  {label}
                </Button>
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
          <FigureTable
            label={`Cash flow by ${interval}`}
            rowHeader={interval === 'day' ? 'Day' : 'Month'}
            columns={[
              { header: 'Income', cents: (p) => p.income },
              { header: 'Expenses', cents: (p) => p.expenses },
              { header: 'Net', cents: (p) => p.net },
              { header: 'Balance', cents: (p) => p.balance },
            ]}
            rows={[...data.periods].reverse()}
            rowKey={(p) => p.period}
            rowName={(p) => periodLabel(p.period)}
            onOpen={(p) => open(p.period)}
            total={[data.income, data.expenses, data.net, data.endBalance]}
          />
        </>
      )}
    </ReportFrame>
  );
}

export default CashFlowReport;
