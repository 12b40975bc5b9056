import { lazy } from 'react';
import type { AreaModals } from '../kit/data/ModalHost.tsx';
import type { OnRuleSaved } from './EditRule.tsx';
import type { EditorRule } from './rule-editor.ts';

/** A rule to start the editor from: a stored rule's stage is any text (the editor checks it). */
export type RuleToEdit = Omit<Partial<EditorRule>, 'stage'> & { stage?: string | null };

declare module '../../store/modals.ts' {
  interface ModalMap {
    /** The rule editor: a rule to start from (none: a new rule), told of the saved rule. */
    'edit-rule': { rule?: RuleToEdit; onSave?: OnRuleSaved };
    /**
     * The rules list over the payees page: one payee's rules, told when one changes. Anywhere
     * but the payees page it must be `allowlisted`.
     */
    'manage-rules': { payeeId?: string; onChange?: () => void; allowlisted?: boolean };
    /** Which rules ran on a transaction, and what they changed. */
    'rule-trace': { transactionId: string };
  }
}

/** The rules area's modals by the spec's names (and Coffer's `rule-trace`), each loaded with its first use. */
export const rulesModals: AreaModals<'edit-rule' | 'manage-rules' | 'rule-trace'> = {
  'edit-rule': lazy(() => import('./EditRule.tsx')),
  'manage-rules': lazy(() => import('./ManageRules.tsx')),
  'rule-trace': lazy(() => import('./RuleTrace.tsx')),
};
