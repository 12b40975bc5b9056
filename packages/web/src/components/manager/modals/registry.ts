import type { FileEntry } from '../../../store/types.ts';
import type { AreaModals } from '../../kit/data/ModalHost.tsx';
import { DeleteBudgetModal } from './DeleteBudget.tsx';
import { type ImportKind, ImportModal, makeImportFileModal } from './Import.tsx';
import { LoadBackupModal } from './LoadBackup.tsx';

declare module '../../../store/modals.ts' {
  interface ModalMap {
    /** Deleting a budget file, here and (for a cloud file) on the server. */
    'delete-budget': { file: FileEntry };
    /** Import From: the kinds of file a budget can be imported from. */
    import: Record<string, never>;
    'import-ynab4': Record<string, never>;
    'import-ynab5': Record<string, never>;
    'import-actual': Record<string, never>;
    /** A budget's backups (`budgetId`: the open one when absent). */
    'load-backup': { budgetId?: string };
  }
}

/** The file manager's modals by the spec's names (Settings opens load-backup too). */
export const managerModals: AreaModals<'delete-budget' | 'import' | ImportKind | 'load-backup'> = {
  'delete-budget': DeleteBudgetModal,
  import: ImportModal,
  'import-ynab4': makeImportFileModal('import-ynab4'),
  'import-ynab5': makeImportFileModal('import-ynab5'),
  'import-actual': makeImportFileModal('import-actual'),
  'load-backup': LoadBackupModal,
};
