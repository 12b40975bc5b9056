import { useEffect, useState } from 'react';
import { useAppState, useStore } from '../../app/context.ts';
import type { ModalProps } from '../app/ModalHost.tsx';
import { Modal } from '../kit/Modal.tsx';
import {
  ACTION_FIELDS,
  type EditorRule,
  type RuleErrors,
  type RuleRow,
  STAGES,
  changeActionField,
  editorRule,
  parseRowValue,
  rowErrors,
} from './rule-editor.ts';
import './rule-editor.css';

interface CategoryGroup {
  id: string;
  name: string;
  categories: Array<{ id: string; name: string }>;
}

const FIELD_NAMES: Record<string, string> = {
  imported_payee: 'Imported payee',
  payee: 'Payee',
  category: 'Category',
  account: 'Account',
  notes: 'Notes',
  amount: 'Amount',
  date: 'Date',
  cleared: 'Cleared',
};

/**
 * One row's value: a picker of existing items for ids (payees, categories, accounts), a text
 * box otherwise. An id picker starts on an empty choice, so a template's null value shows as
 * "nothing chosen" and the user picks before saving.
 */
function ValueInput({
  row,
  label,
  groups,
  onChange,
}: {
  row: RuleRow;
  label: string;
  groups: CategoryGroup[];
  onChange: (value: unknown) => void;
}) {
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  if (row.type === 'boolean') {
    return (
      <input
        type="checkbox"
        aria-label={label}
        checked={row.value === true}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  }
  if (row.type === 'id' && (row.value === null || typeof row.value !== 'object')) {
    const value = typeof row.value === 'string' ? row.value : '';
    const pick = (e: React.ChangeEvent<HTMLSelectElement>) => onChange(e.target.value || null);
    if (row.field === 'category') {
      return (
        <select className="input" aria-label={label} value={value} onChange={pick}>
          <option value="">Select a category</option>
          {groups.map((g) => (
            <optgroup key={g.id} label={g.name}>
              {g.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      );
    }
    const items =
      row.field === 'account'
        ? accounts.map((a) => ({ id: a.id, name: a.name }))
        : payees.map((p) => ({ id: p.id, name: p.transfer_acct ? `Transfer: ${p.name}` : p.name }));
    return (
      <select className="input" aria-label={label} value={value} onChange={pick}>
        <option value="">Select...</option>
        {items.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
      </select>
    );
  }
  if (row.value !== null && typeof row.value === 'object') {
    // Lists and ranges are edited on the rules page; here they are shown as they are.
    return <span className="subdued">{JSON.stringify(row.value)}</span>;
  }
  const shown =
    row.type === 'number' && typeof row.value === 'number'
      ? (row.value / 100).toFixed(2)
      : String(row.value ?? '');
  return (
    <input
      className="input"
      aria-label={label}
      defaultValue={shown}
      onBlur={(e) => onChange(parseRowValue(row.type, e.target.value))}
    />
  );
}

/** The rule editor ('Rule'): stage, conditions with and/or, actions; errors under each row. */
export function EditRuleModal({ options, active, close }: ModalProps) {
  const store = useStore();
  const [rule, setRule] = useState<EditorRule>(() =>
    editorRule(options.rule as Partial<EditorRule> | undefined),
  );
  const [groups, setGroups] = useState<CategoryGroup[]>([]);
  const [errors, setErrors] = useState<ReturnType<typeof rowErrors>>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void store.backend
      .send<{ grouped?: CategoryGroup[] }>('get-categories')
      .then((r) => setGroups(Array.isArray(r?.grouped) ? r.grouped : []));
  }, [store]);

  // An edited row drops its error: the server judges it again on the next save.
  const setRow = (kind: 'conditions' | 'actions', i: number, row: RuleRow) => {
    setRule((r) => ({ ...r, [kind]: r[kind].map((x, j) => (j === i ? row : x)) }));
    setErrors((e) => e && { ...e, [kind]: e[kind].map((x, j) => (j === i ? null : x)) });
  };

  async function save() {
    setSaving(true);
    const { id, stage, conditionsOp, conditions, actions } = rule;
    const res = await store.backend.send<{ id?: string; error?: RuleErrors } | null>(
      id ? 'rule-update' : 'rule-add',
      { ...(id ? { id } : {}), stage, conditionsOp, conditions, actions },
    );
    setSaving(false);
    const found = rowErrors(res?.error);
    if (found) return setErrors(found);
    (options.onSave as (() => void) | undefined)?.();
    close();
  }

  const rowError = (text: string | null | undefined) =>
    text ? (
      <div className="error-text rule-row-error" role="alert">
        {text}
      </div>
    ) : null;

  return (
    <Modal title="Rule" onClose={close} active={active} width={900}>
      <div className="stack rule-editor">
        <label className="row">
          <span>Stage:</span>
          <select
            className="input"
            value={rule.stage ?? ''}
            onChange={(e) =>
              setRule((r) => ({ ...r, stage: (e.target.value || null) as EditorRule['stage'] }))
            }
          >
            {STAGES.map(([value, text]) => (
              <option key={text} value={value ?? ''}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <div className="row">
          <span>If</span>
          <select
            className="input"
            aria-label="Conditions operator"
            value={rule.conditionsOp}
            onChange={(e) =>
              setRule((r) => ({ ...r, conditionsOp: e.target.value === 'or' ? 'or' : 'and' }))
            }
          >
            <option value="and">all</option>
            <option value="or">any</option>
          </select>
          <span>of these conditions match:</span>
        </div>
        {rule.conditions.map((c, i) => (
          <div key={i}>
            <div className="row">
              <span>{FIELD_NAMES[c.field ?? ''] ?? c.field}</span>
              <span className="subdued">{c.op}</span>
              <ValueInput
                row={c}
                label={`Condition ${i + 1} value`}
                groups={groups}
                onChange={(value) => setRow('conditions', i, { ...c, value })}
              />
            </div>
            {rowError(errors?.conditions[i])}
          </div>
        ))}
        <div>Then apply these actions:</div>
        {rule.actions.map((a, i) => (
          <div key={i}>
            <div className="row">
              <span>{a.op}</span>
              {a.op === 'set' ? (
                <select
                  className="input"
                  aria-label={`Action ${i + 1} field`}
                  value={a.field ?? ''}
                  onChange={(e) => setRow('actions', i, changeActionField(a, e.target.value))}
                >
                  {ACTION_FIELDS.map(([name, text]) => (
                    <option key={name} value={name}>
                      {text}
                    </option>
                  ))}
                </select>
              ) : null}
              <span>to</span>
              <ValueInput
                key={a.field}
                row={a}
                label={`Action ${i + 1} value`}
                groups={groups}
                onChange={(value) => setRow('actions', i, { ...a, value })}
              />
            </div>
            {rowError(errors?.actions[i])}
          </div>
        ))}
        <div className="modal-footer">
          <button className="btn" onClick={close}>
            Cancel
          </button>
          <button className="btn btn-primary" disabled={saving} onClick={() => void save()}>
            Save
          </button>
        </div>
      </div>
    </Modal>
  );
}
