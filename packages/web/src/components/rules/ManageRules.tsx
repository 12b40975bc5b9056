import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppState, useStore } from '../../app/context.ts';
import type { ModalProps } from '../app/ModalHost.tsx';
import { Modal } from '../kit/Modal.tsx';
import { describeValue } from './rule-editor.ts';

interface Rule {
  id: string;
  stage: string | null;
  conditions: Array<{ field: string; op: string; value: unknown; type?: string }>;
  actions: Array<{ field?: string; op: string; value: unknown; type?: string }>;
}

/** The rules that mention one payee (opened from the payees page). */
export function ManageRulesModal({ options, active, close }: ModalProps) {
  const store = useStore();
  const payeeId = options.payeeId as string | undefined;
  const [rules, setRules] = useState<Rule[] | null>(null);
  const load = useCallback(() => {
    void store.backend
      .send<Rule[]>(
        payeeId ? 'payees-get-rules' : 'rules-get',
        payeeId ? { id: payeeId } : undefined,
      )
      .then((r) => setRules(Array.isArray(r) ? r : []));
  }, [store, payeeId]);
  // An edit may move a rule off this payee: the list and the page's counts both reload.
  const saved = () => {
    load();
    (options.onChange as (() => void) | undefined)?.();
  };
  useEffect(() => load(), [load]);
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  const [categories, setCategories] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => {
    void store.backend
      .send<{ list?: Array<{ id: string; name: string }> }>('get-categories')
      .then((r) => setCategories(Array.isArray(r?.list) ? r.list : []));
  }, [store]);
  const names = useMemo(
    () => new Map([...payees, ...accounts, ...categories].map((x) => [x.id, x.name])),
    [payees, accounts, categories],
  );
  const show = (row: { type?: string; value: unknown }) =>
    describeValue(row.type, row.value, names);
  return (
    <Modal title="Rules" onClose={close} active={active} width={750}>
      <div className="stack">
        <p className="subdued">Rules are always run in the order that you see them.</p>
        {rules === null ? null : rules.length === 0 ? (
          <p>No rules</p>
        ) : (
          <ul>
            {rules.map((r) => (
              <li key={r.id}>
                {r.stage ? `${r.stage}: ` : ''}
                {r.conditions.map((c) => `${c.field} ${c.op} ${show(c)}`).join(', ')} →{' '}
                {r.actions.map((a) => `${a.op} ${a.field ?? ''} ${show(a)}`).join(', ')}{' '}
                <button
                  className="btn btn-bare"
                  onClick={() => store.pushModal('edit-rule', { rule: r, onSave: saved })}
                >
                  Edit
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
