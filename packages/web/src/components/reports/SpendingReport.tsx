import { useAppState } from '../../app/context.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { SpendingChart } from './charts/SpendingChart.tsx';
import { ReportControls } from './controls/ReportControls.tsx';
import { spanLabel } from './data/range.ts';
import {
  type FilterCondition,
  idIs,
  idOneOf,
  notTransfers,
  spanConditions,
} from './data/register-filter.ts';
import { transferPayeesOf } from './data/source.ts';
import { loadSpending, type SpendingFigures, type SpendingGroup } from './data/spending.ts';
import { Figure, ReportFrame, useOpenRegister } from './ReportFrame.tsx';
import { useBudgetMeta, useGetCells, useReport, useRunner } from './use-report.ts';
import { useReportParams } from './use-report-params.ts';

const PRESETS = ['1m', 'last-month', '3m', '6m', '1y', 'ytd'] as const;

function FigureCells({ f }: { f: SpendingFigures }) {
  return (
    <>
      <td>
        <Amount cents={f.spent} />
      </td>
      <td>
        <Amount cents={f.budgeted} />
      </td>
      <td>
        <Amount cents={f.budgeted - f.spent} />
      </td>
      <td>
        <Amount cents={f.previous} />
      </td>
      <td>
        <Amount cents={f.spent - f.previous} />
      </td>
    </>
  );
}

/** Spending by group and category over a month or more, beside the budget and the period before. */
export function SpendingReport() {
  const meta = useBudgetMeta();
  const accounts = useAppState((s) => s.accounts);
  const params = useReportParams(accounts, { range: '1m', accounts: 'budget' });
  const run = useRunner();
  const getCells = useGetCells();
  const openRegister = useOpenRegister();
  const { span, chosen } = params;
  const key = params.ready ? JSON.stringify([span, chosen, meta.groups.length]) : null;
  const { data, loading } = useReport(key, () =>
    loadSpending(run, getCells, meta, { ...span, accounts: chosen }),
  );
  const open = (conditions: FilterCondition[]) =>
    openRegister(chosen, [...spanConditions(span), ...conditions]);
  const openGroup = (g: SpendingGroup) =>
    open([
      idOneOf(
        'category',
        g.categories.map((c) => c.id),
      ),
    ]);
  const allTransfers = transferPayeesOf(
    meta,
    accounts.map((a) => a.id),
  );

  return (
    <ReportFrame
      title="Spending"
      busy={loading}
      controls={<ReportControls params={params} presets={PRESETS} accounts={accounts} />}
    >
      {data && (
        <>
          <div className="report-figures">
            <Figure label="Spent" cents={data.total.spent} hint={spanLabel(span)} />
            <Figure label="Budgeted" cents={data.total.budgeted} />
            <Figure label="Left over" cents={data.total.budgeted - data.total.spent} />
            <Figure
              label="Period before"
              cents={data.total.previous}
              hint={spanLabel(data.previousSpan)}
            />
          </div>
          <section className="card report-chart" aria-label="Spending chart">
            {data.groups.length > 0 ? (
              <SpendingChart groups={data.groups} onGroup={openGroup} />
            ) : (
              <p className="report-empty">No spending or budget in these months.</p>
            )}
          </section>
          <section className="card report-table-card">
            <table className="report-table spending-table" aria-label="Spending by category">
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col" className="num">
                    Spent
                  </th>
                  <th scope="col" className="num">
                    Budgeted
                  </th>
                  <th scope="col" className="num">
                    Left over
                  </th>
                  <th scope="col" className="num">
                    Period before
                  </th>
                  <th scope="col" className="num">
                    Change
                  </th>
                </tr>
              </thead>
              {data.groups.map((g) => (
                <tbody key={g.id}>
                  <tr className="report-group-row">
                    <th scope="row">
                      <button
                        type="button"
                        className="link-button report-row-link"
                        onClick={() => openGroup(g)}
                      >
                        {g.name}
                      </button>
                    </th>
                    <FigureCells f={g} />
                  </tr>
                  {g.categories.map((c) => (
                    <tr key={c.id}>
                      <th scope="row" className="report-indent">
                        <button
                          type="button"
                          className="link-button report-row-link"
                          onClick={() => open([idIs('category', c.id)])}
                        >
                          {c.name}
                        </button>
                      </th>
                      <FigureCells f={c} />
                    </tr>
                  ))}
                </tbody>
              ))}
              <tbody>
                {(data.uncategorized.spent !== 0 || data.uncategorized.previous !== 0) && (
                  <tr className="report-group-row">
                    <th scope="row">
                      <button
                        type="button"
                        className="link-button report-row-link"
                        onClick={() =>
                          open([idIs('category', null), ...notTransfers(allTransfers)])
                        }
                      >
                        Uncategorized
                      </button>
                    </th>
                    <FigureCells f={data.uncategorized} />
                  </tr>
                )}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <FigureCells f={data.total} />
                </tr>
              </tfoot>
            </table>
          </section>
        </>
      )}
    </ReportFrame>
  );
}

export default SpendingReport;
