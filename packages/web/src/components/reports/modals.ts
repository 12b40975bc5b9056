import { lazy } from 'react';
import type { AreaModals } from '../kit/data/ModalHost.tsx';

declare module '../../store/modals.ts' {
  interface ModalMap {
    /**
     * A custom report's name; `onSubmit` resolves to an error to show (the modal stays open)
     * or null when done.
     */
    'report-name': {
      title?: string;
      initial?: string;
      submitLabel?: string;
      onSubmit: (name: string) => Promise<string | null>;
    };
    /** Confirms deleting a saved custom report. */
    'report-delete': { name: string; onConfirm: () => Promise<void> };
  }
}

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
export const reportsModals: AreaModals<'report-name' | 'report-delete'> = {
  'report-name': ReportNameModal,
  'report-delete': DeleteReportModal,
};
