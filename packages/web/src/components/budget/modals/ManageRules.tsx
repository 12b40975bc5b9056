import { useEffect, useState } from 'react';
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
  useEffect(() => {
    void store.backend
      .send<Rule[]>(
        payeeId ? 'payees-get-rules' : 'rules-get',
        payeeId ? { id: payeeId } : undefined,
      )
      .then((r) => setRules(Array.isArray(r) ? r : []));
  }, [store, payeeId]);
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
                  .join(', ')}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

export function EditRuleModal({ options, active, close }: ModalProps) {
  const store = useStore();
  const rule = options.rule as
    { conditions: Array<{ field: string; op: string; value: unknown }> } | undefined;
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title="Rule" onClose={close} active={active} width={900}>
      <div className="stack">
        <p>
          If {rule?.conditions.map((c) => `${c.field} ${c.op} this payee`).join(' and ')}, then set
          the category.
        </p>
        {error && <div className="error-text">{error}</div>}
        <div className="modal-footer">
          <button className="btn" onClick={close}>
            Cancel
          </button>
          <button
            className="btn btn-primary"
            onClick={async () => {
              const res = await store.backend.send('rule-add', rule);
              if (res && typeof res === 'object' && 'error' in res && res.error) {
                setError('Value cannot be empty');
                return;
              }
              close();
            }}
          >
            Save
          </button>
        </div>
      </div>
    </Modal>
  );
}
