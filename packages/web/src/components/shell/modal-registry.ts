import type { ModalRegistry } from '../app/ModalHost.tsx';
import {
  CreateEncryptionKeyModal,
  FixEncryptionKeyModal,
} from '../encryption/EncryptionKeyModals.tsx';
import { EditFieldModal } from '../kit/pickers/EditFieldModal.tsx';
import { LoadBackupModal } from '../manager/modals/LoadBackup.tsx';
import { AddAccountModal, AddLocalAccountModal } from '../accounts/AddAccount.tsx';
import { accountsModals } from '../accounts/modals.ts';
import { budgetModals as budgetAreaModals } from '../budget/modals.ts';
import { importModals } from '../import/modals.ts';
import { reportsModals } from '../reports/modals.ts';
import { rulesModals } from '../rules/modals.ts';
import { schedulesModals } from '../schedules/modals.ts';
import { MergeUnusedPayeesModal } from '../payees/MergeUnusedPayees.tsx';

/** Every modal an open budget can show, by the spec's names; each area adds its own. */
export const budgetModals: ModalRegistry = {
  'add-account': AddAccountModal,
  'add-local-account': AddLocalAccountModal,
  'merge-unused-payees': MergeUnusedPayeesModal,
  'create-encryption-key': CreateEncryptionKeyModal,
  'fix-encryption-key': FixEncryptionKeyModal,
  'load-backup': LoadBackupModal,
  'edit-field': EditFieldModal,
  ...accountsModals,
  ...budgetAreaModals,
  ...importModals,
  ...rulesModals,
  ...schedulesModals,
  ...reportsModals,
};
