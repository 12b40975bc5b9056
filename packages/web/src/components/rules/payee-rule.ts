import type { EditorRule } from './rule-editor.ts';

/**
 * The template a new rule starts from when created from a payee's row (spec: new-rule
 * template). The category is left for the user to pick in the editor.
 */
export function newRuleForPayee(payeeId: string): EditorRule {
  return {
    stage: null,
    conditionsOp: 'and',
    conditions: [{ field: 'payee', op: 'is', value: payeeId, type: 'id' }],
    actions: [{ op: 'set', field: 'category', value: null, type: 'id' }],
  };
}
