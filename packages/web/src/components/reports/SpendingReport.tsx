import { useAppState } from '../../store/context.ts';
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
import { useBudgetMeta, useBudgeted, useReport, useRunner } from './use-report.ts';
import { useReportParams } from './use-report-params.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';
import { Button } from '../kit/ui/Button.tsx';

const PRESETS = ['1m', 'last-month', '3m', '6m', '1y', 'ytd'] as const;

function FigureCells({ f }: { f: SpendingFigures }) {
  return (
    <>
      <TableCell>
        <Amount cents={f.spent} />
      </TableCell>
      <TableCell>
        <Amount cents={f.budgeted} />
      </TableCell>
      <TableCell>
        <Amount cents={f.budgeted - f.spent} />
      </TableCell>
      <TableCell>
        <Amount cents={f.previous} />
      </TableCell>
      <TableCell>
        <Amount cents={f.spent - f.previous} />
      </TableCell>
    </>
  );
}

/** Spending by group and category over a month or more, beside the budget and the period before. */
export function SpendingReport() {
  const meta = useBudgetMeta();
  const accounts = useAppState((s) => s.accounts);
  const params = useReportParams(accounts, { range: '1m', accounts: 'budget' });
  const run = useRunner();
  const budgeted = useBudgeted();
  const openRegister = useOpenRegister();
  const { span, chosen } = params;
  const key = params.ready ? JSON.stringify([span, chosen, meta.groups.length]) : null;
  const { data, loading } = useReport(key, () =>
    loadSpending(run, budgeted, meta, { ...span, accounts: chosen }),
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
            <Table className="report-table spending-table" aria-label="Spending by category">
              <TableHead>
                <TableRow>
                  <TableHeader scope="col">Category</TableHeader>
                  <TableHeader scope="col" className="num">
                    Spent
                  </TableHeader>
                  <TableHeader scope="col" className="num">
                    Budgeted
                  </TableHeader>
                  <TableHeader scope="col" className="num">
                    Left over
                  </TableHeader>
                  <TableHeader scope="col" className="num">
                    Period before
                  </TableHeader>
                  <TableHeader scope="col" className="num">
                    Change
                  </TableHeader>
                </TableRow>
              </TableHead>
              {data.groups.map((g) => (
                <TableBody key={g.id}>
                  <TableRow className="report-group-row">
                    <TableHeader scope="row">
                      <Button
                        type="button"
                        variant="link"
                        className="report-row-link"
                        onClick={() => openGroup(g)}
                      >
                        {g.name}
                      </Button>
                    </TableHeader>
                    <FigureCells f={g} />
                  </TableRow>
                  {g.categories.map((c) => (
                    <TableRow key={c.id}>
                      <TableHeader scope="row" className="report-indent">
                        <Button
                          type="button"
                          variant="link"
                          className="report-row-link"
                          onClick={() => open([idIs('category', c.id)])}
                        >
                          {c.name}
                        </Button>
                      </TableHeader>
                      <FigureCells f={c} />
                    </TableRow>
                  ))}
                </TableBody>
              ))}
              <TableBody>
                {(data.uncategorized.spent !== 0 || data.uncategorized.previous !== 0) && (
                  <TableRow className="report-group-row">
                    <TableHeader scope="row">
                      <Button
                        type="button"
                        variant="link"
                        className="report-row-link"
                        onClick={() =>
                          open([idIs('category', null), ...notTransfers(allTransfers)])
                        }
                      >
                        Uncategorized
                      </Button>
                    </TableHeader>
                    <FigureCells f={data.uncategorized} />
                  </TableRow>
                )}
              </TableBody>
              <tfoot>
                <TableRow>
                  <TableHeader scope="row">Total</TableHeader>
                  <FigureCells f={data.total} />
                </TableRow>
              </tfoot>
            </Table>
          </section>
        </>
      )}
    </ReportFrame>
  );
}

export default SpendingReport;
