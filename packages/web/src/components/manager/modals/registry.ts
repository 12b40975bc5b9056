import type { ModalRegistry } from '../../app/ModalHost.tsx';
import {
  CreateEncryptionKeyModal,
  FixEncryptionKeyModal,
} from '../../encryption/EncryptionKeyModals.tsx';
import { DeleteBudgetModal } from './DeleteBudget.tsx';
import { ImportModal, makeImportFileModal } from './Import.tsx';
import { LoadBackupModal } from './LoadBackup.tsx';

export const managerModals: ModalRegistry = {
  'delete-budget': DeleteBudgetModal,
  import: ImportModal,
  'import-ynab4': makeImportFileModal('import-ynab4'),
  'import-ynab5': makeImportFileModal('import-ynab5'),
  'import-actual': makeImportFileModal('import-actual'),
  'load-backup': LoadBackupModal,
  'create-encryption-key': CreateEncryptionKeyModal,
  'fix-encryption-key': FixEncryptionKeyModal,
};
