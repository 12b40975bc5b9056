import { Link } from 'react-router';
import { useStore } from '../../store/context.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { GROUP_LABELS, MEASURE_LABELS, settingsOf } from './data/custom-settings.ts';
import { PRESET_LABELS } from './data/range.ts';
import { CashFlowCard, CustomReportCard, NetWorthCard, SpendingCard } from './OverviewCards.tsx';
import {
  cardOf,
  type CustomReport,
  deleteReport,
  placeOnOverview,
  removeFromOverview,
  useSavedReports,
} from './saved-reports.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../kit/ui/Table.tsx';

function rangeText(report: CustomReport): string {
  const s = settingsOf(report);
  return s.range.preset === 'custom'
    ? `${s.range.start} to ${s.range.end}`
    : PRESET_LABELS[s.range.preset];
}

/**
 * The reports overview: a card per report (net worth, cash flow, spending, and the saved custom
 * reports placed here), then the list of saved custom reports.
 */
export function Overview() {
  const store = useStore();
  const saved = useSavedReports();
  const byId = new Map(saved.reports.map((r) => [r.id, r]));
  const placed = saved.widgets
    .filter((w) => w.type === 'custom-report' && typeof w.meta?.id === 'string')
    .map((w) => ({ widget: w, report: byId.get(String(w.meta!.id)) }))
    .filter((x): x is { widget: typeof x.widget; report: CustomReport } => Boolean(x.report));

  const onReportMenu = async (report: CustomReport, action: string) => {
    const card = cardOf(saved.widgets, report.id);
    if (action === 'overview') {
      if (card) await removeFromOverview(store, card.id);
      else await placeOnOverview(store, report.id);
    } else if (action === 'delete') {
      store.pushModal('report-delete', {
        name: report.name,
        onConfirm: async () => {
          await deleteReport(store, report.id);
          await saved.reload();
        },
      });
      return;
    }
    await saved.reload();
  };

  return (
    <div className="page report-page">
      <div className="report-title-row">
        <h1>Reports</h1>
        <Link to="/reports/custom" className="btn btn-primary">
          New custom report
        </Link>
      </div>
      <section className="report-cards" aria-label="Report cards">
        <NetWorthCard />
        <CashFlowCard />
        <SpendingCard />
        {placed.map(({ widget, report }) => (
          <CustomReportCard
            key={widget.id}
            report={report}
            onRemove={() => void removeFromOverview(store, widget.id).then(saved.reload)}
          />
        ))}
      </section>
      <section className="card report-saved" aria-labelledby="saved-reports-title">
        <h2 id="saved-reports-title">Custom reports</h2>
        {saved.loaded && saved.reports.length === 0 ? (
          <p className="subdued">
            No saved reports yet. A custom report measures payments, deposits, net or budgeted
            amounts by category, group, payee, account or month, filtered as you like.
          </p>
        ) : (
          <Table className="report-table report-text-table" aria-label="Saved custom reports">
            <TableHead>
              <TableRow>
                <TableHeader scope="col">Name</TableHeader>
                <TableHeader scope="col">Shows</TableHeader>
                <TableHeader scope="col">Range</TableHeader>
                <TableHeader scope="col">On overview</TableHeader>
                <TableHeader scope="col">
                  <span className="sr-only">Actions</span>
                </TableHeader>
              </TableRow>
            </TableHead>
            <TableBody>
              {saved.reports.map((r) => {
                const onOverview = Boolean(cardOf(saved.widgets, r.id));
                return (
                  <TableRow key={r.id}>
                    <TableHeader scope="row">
                      <Link to={`/reports/custom/${r.id}`}>{r.name}</Link>
                    </TableHeader>
                    <TableCell>
                      {MEASURE_LABELS[r.balanceType]} by {GROUP_LABELS[r.groupBy].toLowerCase()}
                    </TableCell>
                    <TableCell>{rangeText(r)}</TableCell>
                    <TableCell>{onOverview ? 'Yes' : 'No'}</TableCell>
                    <TableCell className="report-row-menu">
                      <MenuButton
                        label="⋯"
                        ariaLabel={`${r.name} menu`}
                        items={[
                          {
                            name: 'overview',
                            text: onOverview ? 'Remove from overview' : 'Add to overview',
                          },
                          { kind: 'separator' },
                          { name: 'delete', text: 'Delete report…', danger: true },
                        ]}
                        onSelect={(action) => void onReportMenu(r, action)}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
