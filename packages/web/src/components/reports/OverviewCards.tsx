import { monthTitle } from '@coffer/core/ui';
import { type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { MiniArea, MiniBars, MiniFlow } from './charts/MiniCharts.tsx';
import { loadCashFlow } from './data/cash-flow.ts';
import { chartRows, loadCustom } from './data/custom.ts';
import { modeOf, settingsOf } from './data/custom-settings.ts';
import { loadNetWorth } from './data/net-worth.ts';
import { currentMonth, resolveRange, spanLabel } from './data/range.ts';
import { accountIds, transferPayeesOf } from './data/source.ts';
import { loadSpending } from './data/spending.ts';
import { makeFilters } from './make-filters.ts';
import type { CustomReport } from './saved-reports.ts';
import {
  useBudgetMeta,
  useFirstMonth,
  useBudgeted,
  useBudgetedMonths,
  useReport,
  useRunner,
  useTagSums,
} from './use-report.ts';

/** One card of the overview: its title links to the report; a figure, a line, a small chart. */
export function ReportCard({
  title,
  to,
  figure,
  detail,
  chart,
  busy,
  menu,
  empty,
}: {
  title: string;
  to: string;
  figure: ReactNode;
  detail?: ReactNode;
  chart: ReactNode;
  busy: boolean;
  menu?: ReactNode;
  /** What to say instead of a chart with nothing in it. */
  empty?: string | null;
}) {
  const navigate = useNavigate();
  return (
    <article className="card report-card" aria-busy={busy} aria-label={title}>
      <div className="report-card-head">
        <h2>
          <Link to={to} className="report-card-link">
            {title}
          </Link>
        </h2>
        {menu}
      </div>
      <div className="report-card-figure">{figure}</div>
      {detail && <div className="report-card-detail subdued">{detail}</div>}
      {/* The chart answers a hover with its values; a click on it opens the report too. */}
      <div className="report-card-chart" onClick={() => navigate(to)} aria-hidden="true">
        {empty ? <div className="report-card-empty">{empty}</div> : chart}
      </div>
    </article>
  );
}

const lastSix = () => {
  const current = currentMonth();
  return resolveRange({ preset: '6m' }, current, null);
};

export function NetWorthCard() {
  const meta = useBudgetMeta();
  const run = useRunner();
  const span = lastSix();
  const accounts = accountIds(meta, false);
  const { data, loading } = useReport(JSON.stringify(['nw-card', span, accounts]), () =>
    loadNetWorth(run, { ...span, accounts }),
  );
  return (
    <ReportCard
      title="Net worth"
      to="/reports/net-worth"
      busy={loading}
      figure={<Amount cents={data?.net ?? 0} />}
      detail={
        data && (
          <>
            <Amount cents={data.change} /> over {spanLabel(span)}
          </>
        )
      }
      chart={
        data && (
          <MiniArea
            name="Net worth"
            points={data.months.map((m) => ({ label: monthTitle(m.month), value: m.net }))}
          />
        )
      }
    />
  );
}

export function CashFlowCard() {
  const meta = useBudgetMeta();
  const run = useRunner();
  const span = lastSix();
  const accounts = accountIds(meta, true);
  const transferPayees = transferPayeesOf(meta, accounts);
  const { data, loading } = useReport(JSON.stringify(['cf-card', span, accounts]), () =>
    loadCashFlow(run, { ...span, accounts, transferPayees, interval: 'month' }),
  );
  const month = data?.periods[data.periods.length - 1];
  return (
    <ReportCard
      title="Cash flow"
      to="/reports/cash-flow"
      busy={loading}
      empty={
        data && data.periods.every((p) => p.income === 0 && p.expenses === 0)
          ? 'No money in or out in the last 6 months'
          : null
      }
      figure={<Amount cents={month?.net ?? 0} />}
      detail={
        month && (
          <>
            {monthTitle(month.period)}: in <Amount cents={month.income} />, out{' '}
            <Amount cents={month.expenses} />
          </>
        )
      }
      chart={
        data && (
          <MiniFlow
            names={['Income', 'Expenses']}
            points={data.periods.map((p) => ({
              label: monthTitle(p.period),
              value: p.income,
              other: p.expenses,
            }))}
          />
        )
      }
    />
  );
}

export function SpendingCard() {
  const meta = useBudgetMeta();
  const run = useRunner();
  const budgeted = useBudgeted();
  const month = currentMonth();
  const accounts = accountIds(meta, true);
  const { data, loading } = useReport(
    JSON.stringify(['sp-card', month, accounts, meta.groups.length]),
    () => loadSpending(run, budgeted, meta, { start: month, end: month, accounts }),
  );
  const top = (data?.groups.flatMap((g) => g.categories) ?? [])
    .filter((c) => c.spent > 0)
    .sort((a, b) => b.spent - a.spent)
    .slice(0, 6);
  return (
    <ReportCard
      title="Spending"
      to="/reports/spending"
      busy={loading}
      empty={data && top.length === 0 ? 'No spending this month' : null}
      figure={<Amount cents={data?.total.spent ?? 0} />}
      detail={
        data && (
          <>
            {monthTitle(month)}, of <Amount cents={data.total.budgeted} /> budgeted
          </>
        )
      }
      chart={
        data && (
          <MiniBars name="Spent" points={top.map((c) => ({ label: c.name, value: c.spent }))} />
        )
      }
    />
  );
}

/** A saved custom report on the overview, with its total and a small bar chart of its rows. */
export function CustomReportCard({
  report,
  onRemove,
}: {
  report: CustomReport;
  onRemove: () => void;
}) {
  const store = useStore();
  const meta = useBudgetMeta();
  const run = useRunner();
  const tagSums = useTagSums();
  const budgetedMonths = useBudgetedMonths();
  const first = useFirstMonth();
  const budgetType = useAppState((s) => (s.prefs?.budgetType === 'report' ? 'report' : 'rollover'));
  const settings = settingsOf(report);
  const span = resolveRange(settings.range, currentMonth(), first.month);
  const ready = first.known || settings.range.preset !== 'all';
  const { data, loading } = useReport(
    ready ? JSON.stringify(['custom-card', report, span, budgetType]) : null,
    async () => {
      const filters = await makeFilters(store, settings.conditions);
      return loadCustom(
        run,
        meta,
        {
          ...span,
          ...settings,
          mode: modeOf(settings),
          filters,
          conditionsOp: settings.conditionsOp,
          budgetType,
        },
        tagSums,
        budgetedMonths,
      );
    },
  );
  const rows = data
    ? chartRows(data, 8, { keepAll: settings.groupBy === 'Interval', withOther: false })
    : [];
  return (
    <ReportCard
      title={report.name}
      to={`/reports/custom/${report.id}`}
      busy={loading}
      empty={data && data.rows.length === 0 ? 'Nothing in this report’s range' : null}
      figure={<Amount cents={data?.total ?? 0} />}
      detail={spanLabel(span)}
      menu={
        <MenuButton
          label="⋯"
          ariaLabel={`${report.name} card menu`}
          items={[{ name: 'remove', text: 'Remove from overview' }]}
          onSelect={onRemove}
        />
      }
      chart={
        data && (
          <MiniBars name="Total" points={rows.map((r) => ({ label: r.label, value: r.total }))} />
        )
      }
    />
  );
}
