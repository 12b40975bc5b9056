import { lazy } from 'react';
import type { ModalRegistry } from '../app/ModalHost.tsx';

/**
 * The rules area's modals by the spec's names, each loaded with its first use:
 * `edit-rule` `{ rule, onSave }`, `manage-rules` `{ payeeId, onChange }` and Coffer's
 * `rule-trace` `{ transactionId }` (which rules ran on a transaction, and what they changed).
 */
export const rulesModals: ModalRegistry = {
  'edit-rule': lazy(() => import('./EditRule.tsx')),
  'manage-rules': lazy(() => import('./ManageRules.tsx')),
  'rule-trace': lazy(() => import('./RuleTrace.tsx')),
};
