import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { CHART_LIMITS, CustomChart } from './charts/CustomChart.tsx';
import { CustomTable } from './charts/CustomTable.tsx';
import { RangePicker } from './controls/RangePicker.tsx';
import { type CustomData, type CustomRow, loadCustom, OTHER_KEY } from './data/custom.ts';
import {
  GROUP_LABELS,
  modeOf,
  reportInput,
  type ReportSettings,
  sameSettings,
  settingsFromParams,
  settingsOf,
} from './data/custom-settings.ts';
import { currentMonth, type MonthSpan, resolveRange, spanLabel } from './data/range.ts';
import { customTarget } from './data/custom-target.ts';
import { isComplete } from './controls/ConditionsEditor.tsx';
import { CustomSettingsPanel } from './CustomSettingsPanel.tsx';
import { makeFilters } from './make-filters.ts';
import { Figure, ReportFrame, useOpenRegister } from './ReportFrame.tsx';
import {
  cardOf,
  createReport,
  type CustomReport,
  type DashboardWidget,
  deleteReport,
  placeOnOverview,
  removeFromOverview,
  updateReport,
  useSavedReports,
} from './saved-reports.ts';
import type { BudgetMeta } from './data/source.ts';
import {
  useBudgetedMonths,
  useBudgetMeta,
  useFirstMonth,
  useReport,
  useRunner,
  useTagSums,
} from './use-report.ts';
import { Button } from '../kit/ui/Button.tsx';

const PRESETS = ['1m', '3m', '6m', '1y', '3y', '5y', 'ytd', 'all'] as const;

/**
 * A custom report: a measure grouped one way over a range, filtered like the register, shown as
 * a table or a chart; saved by name and placed on the overview. `/reports/custom` is a new one,
 * `/reports/custom/:id` a saved one.
 */
export function CustomReportPage() {
  const { id } = useParams();
  const meta = useBudgetMeta();
  const openRegister = useOpenRegister();
  const saved = useSavedReports();
  const report = id ? saved.reports.find((r) => r.id === id) : undefined;
  const { settings, setSettings, span, conditions, first, current, data, loading } =
    useCustomReport(id, report, meta);

  if (id && saved.loaded && !report) {
    return (
      <ReportFrame title="Report not found" busy={false}>
        <p>This report does not exist any more.</p>
      </ReportFrame>
    );
  }
  if (!settings || !span) return <ReportFrame title="Custom report" busy children={null} />;

  const dirty = report ? !sameSettings(settingsOf(report), settings) : true;
  const pick = (row: CustomRow, month?: string) => {
    if (row.key === OTHER_KEY || settings.balanceType === 'Budgeted') return;
    const tags = data?.rows.flatMap((r) => (r.key ? [r.key] : [])) ?? [];
    const target = customTarget({ ...settings, conditions }, span, meta, row, month, tags);
    openRegister(target.accounts, target.conditions);
  };

  return (
    <ReportFrame
      title={report?.name ?? 'New custom report'}
      busy={loading}
      actions={
        <CustomReportActions
          report={report}
          card={report ? cardOf(saved.widgets, report.id) : undefined}
          settings={settings}
          span={span}
          dirty={dirty}
          reload={saved.reload}
        />
      }
      controls={
        <RangePicker
          value={settings.range}
          onChange={(range) => setSettings({ ...settings, range })}
          presets={PRESETS}
          first={first.month}
          current={current}
          resolved={span}
        />
      }
    >
      <div className="custom-layout">
        <CustomSettingsPanel settings={settings} onChange={setSettings} />
        <div className="custom-result">
          {data && <CustomResult data={data} settings={settings} span={span} onPick={pick} />}
        </div>
      </div>
    </ReportFrame>
  );
}

/**
 * The report's settings (a new report's from the address, a saved one's once it is read), the
 * months they cover and the report's figures, run again when any of them changes.
 */
function useCustomReport(
  id: string | undefined,
  report: CustomReport | undefined,
  meta: BudgetMeta,
) {
  const [search] = useSearchParams();
  const store = useStore();
  const budgetType = useAppState((s) => (s.prefs?.budgetType === 'report' ? 'report' : 'rollover'));
  const run = useRunner();
  const tagSums = useTagSums();
  const budgetedMonths = useBudgetedMonths();
  const [settings, setSettings] = useState<ReportSettings | null>(() =>
    id ? null : settingsFromParams(search),
  );
  const first = useFirstMonth();
  const current = currentMonth();

  // A saved report's settings, once it is read (and again when another report is opened).
  useEffect(() => {
    if (report) setSettings(settingsOf(report));
  }, [report?.id]);

  const span = settings ? resolveRange(settings.range, current, first.month) : null;
  const ready = settings && span && (first.known || settings.range.preset !== 'all');
  const conditions = settings?.conditions.filter(isComplete) ?? [];
  const key = ready ? JSON.stringify([settings, span, budgetType]) : null;
  const { data, loading } = useReport(key, async () => {
    const filters = await makeFilters(store, conditions);
    return loadCustom(
      run,
      meta,
      {
        ...span!,
        ...settings!,
        mode: modeOf(settings!),
        filters,
        budgetType,
      },
      tagSums,
      budgetedMonths,
    );
  });
  return { settings, setSettings, span, conditions, first, current, data, loading };
}

/** Save (or save a new report), and a saved report's menu: rename, copy, overview, delete. */
function CustomReportActions({
  report,
  card,
  settings,
  span,
  dirty,
  reload,
}: {
  report: CustomReport | undefined;
  card: DashboardWidget | undefined;
  settings: ReportSettings;
  span: MonthSpan;
  dirty: boolean;
  reload: () => Promise<void>;
}) {
  const store = useStore();
  const navigate = useNavigate();

  const askName = (
    title: string,
    initial: string,
    save: (name: string) => Promise<string | null>,
  ) => store.pushModal('report-name', { title, initial, onSubmit: save });
  const saveNew = (title: string) =>
    askName(title, report ? `${report.name} (copy)` : '', async (name) => {
      const res = await createReport(store, reportInput(name, settings, span));
      if ('error' in res) return res.error;
      await reload();
      navigate(`/reports/custom/${res.id}`, { replace: !report });
      return null;
    });
  const save = async () => {
    if (!report) return saveNew('Save report');
    const problem = await updateReport(store, {
      ...reportInput(report.name, settings, span),
      id: report.id,
    });
    if (problem) store.addNotification({ type: 'error', message: problem });
    await reload();
  };
  const onMenu = async (name: string) => {
    if (!report) return;
    if (name === 'rename') {
      askName('Rename report', report.name, async (newName) => {
        const problem = await updateReport(store, {
          ...reportInput(newName, settingsOf(report), span),
          id: report.id,
        });
        await reload();
        return problem;
      });
    } else if (name === 'copy') {
      saveNew('Save as a new report');
    } else if (name === 'overview') {
      if (card) await removeFromOverview(store, card.id);
      else await placeOnOverview(store, report.id);
      await reload();
    } else if (name === 'delete') {
      store.pushModal('report-delete', {
        name: report.name,
        onConfirm: async () => {
          await deleteReport(store, report.id);
          navigate('/reports');
        },
      });
    }
  };

  return (
    <>
      {report && dirty && <span className="subdued">Unsaved changes</span>}
      <Button type="button" variant="primary" disabled={!dirty} onClick={save}>
        {report ? 'Save' : 'Save report'}
      </Button>
      {report && (
        <MenuButton
          label="⋯"
          ariaLabel="Report menu"
          className="btn"
          items={[
            { name: 'rename', text: 'Rename…' },
            { name: 'copy', text: 'Save as a new report…' },
            { name: 'overview', text: card ? 'Remove from overview' : 'Add to overview' },
            { kind: 'separator' },
            { name: 'delete', text: 'Delete report…', danger: true },
          ]}
          onSelect={(n) => void onMenu(n)}
        />
      )}
    </>
  );
}

/**
 * Grouped by tag, a transaction with two tags is in both rows, while the total counts it once:
 * the report says so, so the rows adding up to more than the total is no surprise.
 */
function TagOverlapNote({ multiTagged }: { multiTagged: number }) {
  const here =
    multiTagged === 0
      ? 'None in this report has more than one.'
      : multiTagged === 1
        ? 'One transaction in this report has more than one, so the rows add up to more than the total.'
        : `${multiTagged} transactions in this report have more than one, so the rows add up to more than the total.`;
  return (
    <p className="subdued report-tag-note" role="note">
      A transaction counts under each of its tags. {here}
    </p>
  );
}

/** The report's figures: total and monthly average, the chart (unless a table) and the table. */
function CustomResult({
  data,
  settings,
  span,
  onPick,
}: {
  data: CustomData;
  settings: ReportSettings;
  span: MonthSpan;
  onPick: (row: CustomRow, month?: string) => void;
}) {
  const isTable = settings.graphType === 'TableGraph';
  return (
    <>
      <div className="report-figures">
        <Figure label="Total" cents={data.total} hint={spanLabel(span)} />
        <Figure
          label="Monthly average"
          cents={Math.round(data.total / Math.max(1, data.months.length))}
        />
      </div>
      {settings.groupBy === 'Tag' && <TagOverlapNote multiTagged={data.multiTagged ?? 0} />}
      {!isTable && data.rows.length === 0 && (
        <section className="card report-chart" aria-label="Report chart">
          <p className="report-empty">Nothing matches this report.</p>
        </section>
      )}
      {!isTable && data.rows.length > 0 && (
        <section className="card report-chart" aria-label="Report chart">
          <CustomChart
            data={data}
            graphType={settings.graphType as 'BarGraph' | 'LineGraph' | 'DonutGraph'}
            isInterval={settings.groupBy === 'Interval'}
            onPick={onPick}
          />
          {settings.groupBy !== 'Interval' &&
            settings.graphType !== 'DonutGraph' &&
            data.rows.length > CHART_LIMITS[settings.graphType as 'BarGraph'] && (
              <p className="subdued report-chart-note">
                The chart shows the {CHART_LIMITS[settings.graphType as 'BarGraph']} largest of{' '}
                {data.rows.length} rows; the table lists them all.
              </p>
            )}
        </section>
      )}
      <CustomTable
        data={data}
        groupLabel={GROUP_LABELS[settings.groupBy]}
        byTime={modeOf(settings) === 'time' && settings.groupBy !== 'Interval'}
        onPick={settings.balanceType === 'Budgeted' ? undefined : onPick}
      />
    </>
  );
}

export default CustomReportPage;
