import { useCallback, useEffect, useState } from 'react';
import { useStore } from '../../../app/context.ts';
import type { ModalProps } from '../../app/ModalHost.tsx';
import { Modal } from '../../common/Modal.tsx';

interface Rule {
  id: string;
  stage: string | null;
  conditions: Array<{ field: string; op: string; value: unknown }>;
  actions: Array<{ field?: string; op: string; value: unknown }>;
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
                {r.conditions.map((c) => `${c.field} ${c.op} ${String(c.value)}`).join(', ')} →{' '}
                {r.actions
                  .map((a) => `${a.op} ${a.field ?? ''} ${String(a.value ?? '(nothing)')}`)
                  .join(', ')}{' '}
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
