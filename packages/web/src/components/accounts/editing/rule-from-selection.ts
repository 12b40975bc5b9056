/**
 * 'Create rule' from selected transactions: conditions on what they share (the imported
 * payee, else the payee; the amount when it is the same), and an action setting the category
 * they share (or one to choose). The rules area's editor opens with it (`edit-rule`).
 */
import type { RegisterTx } from '../types.ts';

interface RuleRow {
  field: string;
  op: string;
  value: unknown;
  type: string;
  options?: unknown;
}

export interface DraftRule {
  stage: null;
  conditionsOp: 'and';
  conditions: RuleRow[];
  actions: RuleRow[];
}

function shared<T>(txs: readonly RegisterTx[], get: (t: RegisterTx) => T): T | undefined {
  const first = get(txs[0]!);
  return txs.every((t) => get(t) === first) ? first : undefined;
}

const distinct = <T>(values: readonly T[]) => [...new Set(values)];

export function ruleFromSelection(selected: readonly RegisterTx[]): DraftRule {
  // A split's total says nothing about its lines' categories: rules work on its lines.
  const txs = selected.filter((t) => !t.is_parent);
  const conditions: RuleRow[] = [];
  const actions: RuleRow[] = [];
  if (txs.length > 0) {
    const imported = shared(txs, (t) => t.imported_payee);
    if (imported) {
      conditions.push({ field: 'imported_payee', op: 'is', value: imported, type: 'string' });
    } else {
      const payees = distinct(txs.map((t) => t.payee).filter((p): p is string => !!p));
      if (payees.length === 1) {
        conditions.push({ field: 'payee', op: 'is', value: payees[0], type: 'id' });
      } else if (payees.length > 1) {
        conditions.push({ field: 'payee', op: 'oneOf', value: payees, type: 'id' });
      }
    }
    const amount = shared(txs, (t) => t.amount);
    if (amount !== undefined && amount !== 0) {
      conditions.push({ field: 'amount', op: 'is', value: amount, type: 'number' });
    }
  }
  const category = txs.length > 0 ? shared(txs, (t) => t.category) : undefined;
  actions.push({ field: 'category', op: 'set', value: category ?? null, type: 'id' });
  return { stage: null, conditionsOp: 'and', conditions, actions };
}
