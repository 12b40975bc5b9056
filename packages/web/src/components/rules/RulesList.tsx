import { useRef, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { newRuleForPayee } from './payee-rule.ts';
import type { OnRuleSaved } from './EditRule.tsx';
import type { EditorRule } from './rule-editor.ts';
import { RuleSummary } from '../conditions/RuleSummary.tsx';
import { ruleMatchesFilter, ruleText, stageText } from '../conditions/rule-text.ts';
import { type ListedRule, useRulesList } from './use-rules-list.ts';
import {
  deleteLabel,
  FIRST_PAGE,
  loadMore,
  NEAR_BOTTOM,
  newRule,
  SCHEDULE_DELETE_ALERT,
  shownAfterSave,
} from './rules-list.ts';
import './rules.css';
import { isFailure } from '../../backend/backend.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

/**
 * The rules list (spec: rules page / modal): a filter, the note that rules run in the order
 * shown, a table of Stage and Rule with an Edit button per rule, selection with 'Delete N
 * rules', 'Create new rule', and paging (100 at first, 50 more near the bottom). With a payee,
 * only that payee's rules (the manage-rules modal over the payees page).
 */
export function RulesList({ payeeId, onChange }: { payeeId?: string; onChange?: () => void }) {
  const store = useStore();
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(FIRST_PAGE);
  const [alert, setAlert] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const list = useRulesList(payeeId, filter);
  const { rules, load, filtered, selected, setSelected, allSelected, names, formats } = list;
  const visible = filtered.slice(0, shown);

  const onScroll = () => {
    const el = body.current;
    if (!el || el.scrollHeight - el.scrollTop - el.clientHeight > NEAR_BOTTOM) return;
    setShown((n) => loadMore(n, filtered.length));
  };

  const saved: OnRuleSaved = async (rule) => {
    const list = await load();
    const index = list
      .filter((r) => ruleMatchesFilter(r, filter, names, formats))
      .findIndex((r) => r.id === rule.id);
    setShown((n) => shownAfterSave(n, index));
    onChange?.();
  };

  const edit = (rule: EditorRule) => store.pushModal('edit-rule', { rule, onSave: saved });

  async function deleteSelected() {
    const ids = [...selected];
    const res = await store.backend.send('rule-delete-all', ids);
    setAlert(!isFailure(res) && res.someDeletionsFailed ? SCHEDULE_DELETE_ALERT : null);
    setSelected(new Set());
    await load();
    onChange?.();
  }

  return (
    <div className="rules-list">
      <div className="rules-toolbar">
        <input
          className="input rules-filter"
          type="search"
          placeholder="Filter rules..."
          aria-label="Filter rules"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setShown(FIRST_PAGE);
          }}
        />
        <p className="subdued rules-note">Rules are always run in the order that you see them.</p>
      </div>
      {alert && (
        <div role="alert" className="rules-alert">
          <span>{alert}</span>
          <Button type="button" variant="bare" aria-label="Dismiss" onClick={() => setAlert(null)}>
            ✕
          </Button>
        </div>
      )}
      <div
        className="rules-table"
        role="table"
        aria-label="Rules"
        aria-rowcount={filtered.length + 1}
      >
        <div className="rules-row rules-header" role="row">
          <span role="columnheader" className="rules-check">
            <Checkbox
              label={allSelected ? 'Select no rules' : 'Select all rules'}
              checked={allSelected}
              disabled={filtered.length === 0}
              onChange={() =>
                setSelected(allSelected ? new Set() : new Set(filtered.map((r) => r.id)))
              }
            />
          </span>
          <span role="columnheader">Stage</span>
          <span role="columnheader">Rule</span>
          <span role="columnheader" className="sr-only">
            Edit
          </span>
        </div>
        <div
          className="rules-body"
          ref={body}
          onScroll={onScroll}
          role="rowgroup"
          aria-busy={rules === null ? true : undefined}
        >
          {rules !== null && filtered.length === 0 && (
            // A row of its own: a table holds only rows.
            <div className="rules-empty subdued" role="row">
              <span role="cell" aria-colspan={4}>
                {rules.length === 0 ? 'No rules' : 'No rules match the filter'}
              </span>
            </div>
          )}
          {visible.map((rule, i) => (
            <RuleListRow
              key={rule.id}
              rule={rule}
              index={i}
              list={list}
              onEdit={() => edit(rule)}
            />
          ))}
        </div>
      </div>
      <div className="rules-footer">
        <span className="subdued" role="status">
          {rules === null
            ? ''
            : `${visible.length.toLocaleString()} of ${filtered.length.toLocaleString()} ${
                filtered.length === 1 ? 'rule' : 'rules'
              } shown`}
        </span>
        <span className="rules-footer-buttons">
          {selected.size > 0 && (
            <Button type="button" variant="danger" onClick={() => void deleteSelected()}>
              {deleteLabel(selected.size)}
            </Button>
          )}
          <Button
            type="button"
            variant="primary"
            onClick={() => edit(payeeId ? newRuleForPayee(payeeId) : newRule())}
          >
            Create new rule
          </Button>
        </span>
      </div>
    </div>
  );
}

/** One rule: its checkbox, stage, the rule in words, and its Edit button. */
function RuleListRow({
  rule,
  index: i,
  list,
  onEdit,
}: {
  rule: ListedRule;
  index: number;
  list: ReturnType<typeof useRulesList>;
  onEdit: () => void;
}) {
  const text = ruleText(rule, list.names, list.formats);
  return (
    <div
      role="row"
      aria-rowindex={i + 2}
      aria-label={text}
      className={`rules-row${list.selected.has(rule.id) ? ' selected' : ''}`}
    >
      <span role="cell" className="rules-check">
        <Checkbox
          label={`Select rule: ${text}`}
          checked={list.selected.has(rule.id)}
          onChange={() => list.toggle(rule.id)}
        />
      </span>
      <span role="cell" className={`rules-stage stage-${rule.stage ?? 'default'}`}>
        {stageText(rule.stage)}
      </span>
      <span role="cell" className="rules-rule">
        <RuleSummary rule={rule} names={list.names} formats={list.formats} />
      </span>
      <span role="cell" className="rules-edit">
        <Button type="button" onClick={onEdit}>
          Edit
        </Button>
      </span>
    </div>
  );
}
