import type { ModalRegistry } from '../../app/ModalHost.tsx';
import {
  CreateEncryptionKeyModal,
  FixEncryptionKeyModal,
} from '../../encryption/EncryptionKeyModals.tsx';
import { LoadBackupModal } from '../../manager/modals/LoadBackup.tsx';
import { AddAccountModal, AddLocalAccountModal } from './AddAccount.tsx';
import { EditRuleModal } from './EditRule.tsx';
import { ManageRulesModal } from './ManageRules.tsx';
import { MergeUnusedPayeesModal } from './MergeUnusedPayees.tsx';

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
