import { useAppState } from '../../app/context.ts';
import { Amount } from '../kit/AmountInput.tsx';
import { NetWorthChart } from './charts/NetWorthChart.tsx';
import { AccountsPicker } from './controls/AccountsPicker.tsx';
import { RangePicker } from './controls/RangePicker.tsx';
import { loadNetWorth } from './data/net-worth.ts';
import { monthLabel, spanLabel } from './data/range.ts';
import { monthCondition } from './data/register-filter.ts';
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
        </>
      }
    >
      {data && (
        <>
          <div className="report-figures">
            <Figure label="Net worth" cents={data.net} hint={`End of ${monthLabel(span.end)}`} />
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
          <section className="card report-table-card">
            <table className="report-table" aria-label="Net worth by month">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col" className="num">
                    Assets
                  </th>
                  <th scope="col" className="num">
                    Debts
                  </th>
                  <th scope="col" className="num">
                    Net worth
                  </th>
                  <th scope="col" className="num">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...data.months].reverse().map((m) => (
                  <tr key={m.month}>
                    <th scope="row">
                      <button
                        type="button"
                        className="link-button report-row-link"
                        title="Show these transactions"
                        onClick={() => openMonth(m.month)}
                      >
                        {monthLabel(m.month)}
                      </button>
                    </th>
                    <td>
                      <Amount cents={m.assets} />
                    </td>
                    <td>
                      <Amount cents={m.debts} />
                    </td>
                    <td>
                      <Amount cents={m.net} />
                    </td>
                    <td>
                      <Amount cents={m.change} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </ReportFrame>
  );
}

export default NetWorthReport;
