import type { ModalRegistry } from '../app/ModalHost.tsx';
import {
  CreateEncryptionKeyModal,
  FixEncryptionKeyModal,
} from '../encryption/EncryptionKeyModals.tsx';
import { LoadBackupModal } from '../manager/modals/LoadBackup.tsx';
import { AddAccountModal, AddLocalAccountModal } from '../accounts/AddAccount.tsx';
import { EditRuleModal } from '../rules/EditRule.tsx';
import { ManageRulesModal } from '../rules/ManageRules.tsx';
import { MergeUnusedPayeesModal } from '../payees/MergeUnusedPayees.tsx';

export const budgetModals: ModalRegistry = {
  'add-account': AddAccountModal,
  'add-local-account': AddLocalAccountModal,
  'merge-unused-payees': MergeUnusedPayeesModal,
  'manage-rules': ManageRulesModal,
  'edit-rule': EditRuleModal,
  'create-encryption-key': CreateEncryptionKeyModal,
  'fix-encryption-key': FixEncryptionKeyModal,
  'load-backup': LoadBackupModal,
};
