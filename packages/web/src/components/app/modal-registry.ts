import type { ModalRegistry } from '../kit/data/ModalHost.tsx';
import { EditFieldModal } from '../kit/pickers/EditFieldModal.tsx';
import { accountsModals } from '../accounts/modals.ts';
import { budgetModals } from '../budget/modals.ts';
import { encryptionModals } from '../encryption/modals.ts';
import { importModals } from '../import/modals.ts';
import { managerModals } from '../manager/modals/registry.ts';
import { payeesModals } from '../payees/modals.ts';
import { reportsModals } from '../reports/modals.ts';
import { rulesModals } from '../rules/modals.ts';
import { usersModals } from '../users/modals.ts';

/**
 * Every modal the app can show, by the spec's names (and Coffer's own), each area's from its
 * `modals.ts`. Typed by `ModalMap` (store/modals.ts): a modal declared there without a
 * component here does not compile.
 */
export const modalRegistry: ModalRegistry = {
  'edit-field': EditFieldModal,
  ...accountsModals,
  ...budgetModals,
  ...encryptionModals,
  ...importModals,
  ...managerModals,
  ...payeesModals,
  ...reportsModals,
  ...rulesModals,
  ...usersModals,
};
