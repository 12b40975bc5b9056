import { useCallback, useRef, useState } from 'react';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import {
  actionDeletable,
  addAction,
  addCondition,
  conditionDeletable,
  type EditingRule,
  type EditorRule,
  type EditRow,
  editingRule,
  setActionField,
  setConditionField,
  setConditionOp,
  STAGES,
  stageOf,
  type Stage,
} from './rule-editor.ts';
import { RulePreview } from './RulePreview.tsx';
import { ActionRow, ConditionRow } from './RuleRows.tsx';
import { useRulePreview } from './use-rule-preview.ts';
import { useRuleSave } from './use-rule-save.ts';
import './rules.css';
import { Select } from '../kit/ui/Select.tsx';
import { Button } from '../kit/ui/Button.tsx';

const STAGE_INFO =
  'The stage of a rule sets its place in the order: pre rules always run first and post rules ' +
  'last. Within a stage, rules run from the least to the most specific.';

/** What `edit-rule` hands back to whoever opened it once the rule is saved. */
export type OnRuleSaved = (rule: EditorRule & { id: string }) => void;

/**
 * The rule editor ('Rule', spec: rule editor modal): the stage, the conditions joined by and or
 * or, the actions, each row's error from the server under it, and the live preview of the
 * transactions the rule applies to, where the actions can be tried and applied.
 * Options: `{ rule, onSave }` (the payees page, the rules list and the register open it).
 */
export function EditRuleModal({ options, active, close }: ModalProps<'edit-rule'>) {
  const keys = useRef(0);
  const newKey = useCallback(() => `row-${++keys.current}`, []);
  const [rule, setRule] = useState<EditingRule>(() =>
    editingRule(options.rule && { ...options.rule, stage: stageOf(options.rule.stage) }, newKey),
  );
  const preview = useRulePreview(rule.conditions, rule.conditionsOp, rule.actions);

  const setRow = (kind: 'conditions' | 'actions', key: string, change: (r: EditRow) => EditRow) =>
    setRule((r) => ({
      ...r,
      // An edited row drops its error: the server judges it again on the next save.
      [kind]: r[kind].map((x) => (x.key === key ? { ...change(x), error: null } : x)),
    }));
  const removeRow = (kind: 'conditions' | 'actions', key: string) =>
    setRule((r) => ({ ...r, [kind]: r[kind].filter((x) => x.key !== key) }));

  const { saving, save, apply } = useRuleSave(rule, setRule, (saved) => {
    options.onSave?.(saved);
    close();
  });

  return (
    <Modal title="Rule" onClose={close} active={active} width={900} className="rule-modal">
      <div className="rule-editor">
        <StagePicker stage={rule.stage} onStage={(stage) => setRule((r) => ({ ...r, stage }))} />

        <div className="rule-body">
          <div className="rule-section">
            <div className="rule-section-title">
              <span>If</span>
              <Select
                className="rule-conditions-op"
                label="Conditions to match"
                value={rule.conditionsOp}
                onChange={(e) =>
                  setRule((r) => ({ ...r, conditionsOp: e.target.value === 'or' ? 'or' : 'and' }))
                }
              >
                <option value="and">all</option>
                <option value="or">any</option>
              </Select>
              <span>of these conditions match:</span>
            </div>
            {rule.conditions.length === 0 ? (
              <Button
                type="button"
                className="rule-add-first"
                onClick={() => setRule((r) => addCondition(r, -1, newKey))}
              >
                Add condition
              </Button>
            ) : (
              rule.conditions.map((c, i) => (
                <ConditionRow
                  key={c.key}
                  row={c}
                  index={i}
                  onField={(f) => setRow('conditions', c.key, (x) => setConditionField(x, f))}
                  onOp={(op) => setRow('conditions', c.key, (x) => setConditionOp(x, op))}
                  onValue={(value) => setRow('conditions', c.key, (x) => ({ ...x, value }))}
                  onDelete={
                    conditionDeletable(rule, c) ? () => removeRow('conditions', c.key) : null
                  }
                  onAdd={() => setRule((r) => addCondition(r, i, newKey))}
                />
              ))
            )}
          </div>

          <div className="rule-section">
            <div className="rule-section-title">Then apply these actions:</div>
            {rule.actions.length === 0 ? (
              <Button
                type="button"
                className="rule-add-first"
                onClick={() => setRule((r) => addAction(r, -1, newKey))}
              >
                Add action
              </Button>
            ) : (
              rule.actions.map((a, i) => (
                <ActionRow
                  key={a.key}
                  row={a}
                  index={i}
                  onField={(f) => setRow('actions', a.key, (x) => setActionField(x, f))}
                  onValue={(value) => setRow('actions', a.key, (x) => ({ ...x, value }))}
                  onDelete={actionDeletable(a) ? () => removeRow('actions', a.key) : null}
                  onAdd={() => setRule((r) => addAction(r, i, newKey))}
                />
              ))
            )}
          </div>
        </div>

        <RulePreview
          preview={preview}
          conditions={rule.conditions}
          actions={rule.actions}
          onApply={apply}
        />

        <DialogFooter className="rule-footer">
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="button" variant="primary" disabled={saving} onClick={() => void save()}>
            Save
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}

/** The rule's stage (pre, default, post), with what a stage means. */
function StagePicker({
  stage: current,
  onStage,
}: {
  stage: Stage;
  onStage: (stage: Stage) => void;
}) {
  return (
    <div className="rule-stage" role="radiogroup" aria-label="Stage of rule">
      <span className="subdued">Stage of rule:</span>
      {STAGES.map(([value, text]) => (
        <label key={text} className={`rule-stage-option${current === value ? ' on' : ''}`}>
          <input
            type="radio"
            name="rule-stage"
            checked={current === value}
            onChange={() => onStage(value as Stage)}
          />
          {text}
        </label>
      ))}
      <span className="rule-stage-info" title={STAGE_INFO} role="img" aria-label={STAGE_INFO}>
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <rect x="7.25" y="7" width="1.5" height="5" fill="currentColor" />
          <circle cx="8" cy="4.6" r="1" fill="currentColor" />
        </svg>
      </span>
    </div>
  );
}

export default EditRuleModal;
