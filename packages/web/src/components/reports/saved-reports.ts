import type { CustomReport, CustomReportInput, DashboardWidget } from '@coffer/core/ui';
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '../../store/context.ts';
import type { AppStore } from '../../store/store.ts';
import { failureOf } from '../../backend/backend.ts';

export type { CustomReport, DashboardWidget };

/** Saves a new report: its id, or the core's message (a missing or taken name). */
export async function createReport(
  store: AppStore,
  input: CustomReportInput,
): Promise<{ id: string } | { error: string }> {
  const res = await store.backend.send('report/create', input);
  if (typeof res === 'string') return { id: res };
  return { error: failureOf(res)?.message ?? 'The report could not be saved.' };
}

export async function updateReport(
  store: AppStore,
  input: CustomReportInput & { id: string },
): Promise<string | null> {
  const error = failureOf(await store.backend.send('report/update', input));
  return error ? (error.message ?? 'The report could not be saved.') : null;
}

export async function deleteReport(store: AppStore, id: string): Promise<void> {
  await store.backend.send('report/delete', { id });
}

export async function placeOnOverview(store: AppStore, reportId: string): Promise<void> {
  await store.backend.send('dashboard-add-widget', {
    type: 'custom-report',
    meta: { id: reportId },
  });
}

export async function removeFromOverview(store: AppStore, widgetId: string): Promise<void> {
  await store.backend.send('dashboard-remove-widget', { id: widgetId });
}

/** The overview card of a report, if it has one. */
export function cardOf(widgets: readonly DashboardWidget[], reportId: string) {
  return widgets.find((w) => w.type === 'custom-report' && w.meta?.id === reportId);
}

/**
 * Saved reports and the overview's cards. These live outside the sync log (no tables-changed
 * event), so every change made here is followed by `reload`.
 */
export function useSavedReports() {
  const store = useStore();
  const [state, setState] = useState<{
    reports: CustomReport[];
    widgets: DashboardWidget[];
    loaded: boolean;
  }>({ reports: [], widgets: [], loaded: false });
  const reload = useCallback(async () => {
    const [reports, widgets] = await Promise.all([
      store.backend.send('reports-get'),
      store.backend.send('dashboard-get'),
    ]);
    setState({
      reports: Array.isArray(reports) ? reports : [],
      widgets: Array.isArray(widgets) ? widgets : [],
      loaded: true,
    });
  }, [store]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
