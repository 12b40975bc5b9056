import { monthTitle } from '@coffer/core/ui';
import { useAppState } from '../../store/context.ts';
import { NetWorthChart } from './charts/NetWorthChart.tsx';
import { ReportControls } from './controls/ReportControls.tsx';
import { loadNetWorth } from './data/net-worth.ts';
import { spanLabel } from './data/range.ts';
import { monthCondition } from './data/register-filter.ts';
import { FigureTable } from './FigureTable.tsx';
import { Figure, ReportFrame, useOpenRegister } from './ReportFrame.tsx';
import { useReport, useRunner } from './use-report.ts';
import { useReportParams } from './use-report-params.ts';

const PRESETS = ['6m', '1y', '3y', '5y', 'all'] as const;

/** Net worth by month: every chosen account's balance, assets and debts apart. */
export function NetWorthReport() {
  const accounts = useAppState((s) => s.accounts);
  const params = useReportParams(accounts, { range: '6m', accounts: 'all' });
  const run = useRunner();
  const openRegister = useOpenRegister();
  const { span, chosen } = params;
  const key = params.ready ? JSON.stringify([span, chosen]) : null;
  const { data, loading } = useReport(key, () => loadNetWorth(run, { ...span, accounts: chosen }));
  const last = data?.months[data.months.length - 1];
  const openMonth = (month: string) => openRegister(chosen, [monthCondition(month)]);

  return (
    <ReportFrame
      title="Net worth"
      busy={loading}
      controls={<ReportControls params={params} presets={PRESETS} accounts={accounts} />}
    >
      {data && (
        <>
          <div className="report-figures">
            <Figure label="Net worth" cents={data.net} hint={`End of ${monthTitle(span.end)}`} />
            <Figure label="Change" cents={data.change} hint={spanLabel(span)} signed />
            <Figure label="Assets" cents={last?.assets ?? 0} />
            <Figure label="Debts" cents={last?.debts ?? 0} />
          </div>
          <section className="card report-chart" aria-label="Net worth chart">
            {chosen.length === 0 ? (
              <p className="report-empty">Choose at least one account.</p>
            ) : (
              <NetWorthChart months={data.months} onMonth={openMonth} />
            )}
          </section>
          <FigureTable
            label="Net worth by month"
            rowHeader="Month"
            columns={[
              { header: 'Assets', cents: (m) => m.assets },
              { header: 'Debts', cents: (m) => m.debts },
              { header: 'Net worth', cents: (m) => m.net },
              { header: 'Change', cents: (m) => m.change },
            ]}
            rows={[...data.months].reverse()}
            rowKey={(m) => m.month}
            rowName={(m) => monthTitle(m.month)}
            onOpen={(m) => openMonth(m.month)}
          />
        </>
      )}
    </ReportFrame>
  );
}

export default NetWorthReport;
