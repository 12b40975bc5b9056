import { lazy } from 'react';
import type { ModalRegistry } from '../app/ModalHost.tsx';

const ReportNameModal = lazy(() =>
  import('./ReportModals.tsx').then((m) => ({ default: m.ReportNameModal })),
);
const DeleteReportModal = lazy(() =>
  import('./ReportModals.tsx').then((m) => ({ default: m.DeleteReportModal })),
);

/**
 * The reports area's modals (Coffer's own: the spec has none for reports), each loaded with its
 * first use so their code stays out of the app's first load.
 */
export const reportsModals: ModalRegistry = {
  'report-name': ReportNameModal,
  'report-delete': DeleteReportModal,
};
