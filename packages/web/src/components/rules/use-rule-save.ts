import { checkEditedRule } from '@coffer/core/ui';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { isFailure } from '../../backend/backend.ts';
import { loadPayees } from '../../store/actions.ts';
import { useStore } from '../../store/context.ts';
import {
  type EditingRule,
  type EditorRule,
  newPayeeNames,
  savedRule,
  withCreatedPayees,
  withErrors,
} from './rule-editor.ts';

/**
 * Saving the rule editor's rule and applying its actions to chosen transactions. Both create
 * the payees the rule names first; a value core refuses is shown under its row and nothing is
 * written.
 */
export function useRuleSave(
  rule: EditingRule,
  setRule: Dispatch<SetStateAction<EditingRule>>,
  onSaved: (rule: EditorRule & { id: string }) => void,
) {
  const store = useStore();
  const [saving, setSaving] = useState(false);

  /** Creates the payees named `new:` in the rule, then returns the rule with their ids. */
  async function withPayees(r: EditingRule): Promise<EditingRule> {
    const names = newPayeeNames(r);
    if (names.length === 0) return r;
    const ids = new Map<string, string>();
    for (const name of names) {
      const id = await store.backend.send('payee-create', { name });
      if (typeof id === 'string') ids.set(name, id);
    }
    await loadPayees(store);
    const next = withCreatedPayees(r, ids);
    setRule(next);
    return next;
  }

  async function save() {
    // The core's check first: a row left empty or a value that is not one is named under its
    // row, and nothing is written (not even a payee the rule would create).
    const refused = withErrors(rule, checkEditedRule(savedRule(rule)));
    if (refused) return setRule(refused);
    setSaving(true);
    try {
      const r = await withPayees(rule);
      const body = savedRule(r);
      const res = await store.backend.send(r.id ? 'rule-update' : 'rule-add', body);
      // A refusal of the handler; then the rule's own problems, shown under their rows.
      if (isFailure(res)) throw new Error(res.error.message);
      const shown = withErrors(r, res.error);
      if (shown) return setRule(shown);
      if (res.error) throw new Error('The rule could not be saved');
      const id = r.id ?? ('id' in res ? res.id : '');
      onSaved({ ...body, id });
    } finally {
      setSaving(false);
    }
  }

  /** Checks the actions with the core first, so a bad value shows under its row. */
  async function apply(ids: string[]): Promise<boolean> {
    const r = await withPayees(rule);
    const body = savedRule(r);
    const check = await store.backend.send('rule-validate', {
      conditions: body.conditions,
      actions: body.actions,
    });
    const problems = isFailure(check) ? null : check.error;
    const shown = withErrors(r, { actionErrors: problems?.actionErrors ?? null });
    if (shown) {
      setRule(shown);
      return false;
    }
    await store.backend.send('rule-apply-actions', { transactionIds: ids, actions: body.actions });
    return true;
  }

  return { saving, save, apply };
}
