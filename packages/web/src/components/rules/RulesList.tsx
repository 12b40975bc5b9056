import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { useTablesChanged } from '../kit/data/data.ts';
import { newRuleForPayee } from './payee-rule.ts';
import type { OnRuleSaved } from './EditRule.tsx';
import type { EditorRule } from './rule-editor.ts';
import { RuleSummary } from '../conditions/RuleSummary.tsx';
import { ruleMatchesFilter, ruleText, stageText } from '../conditions/rule-text.ts';
import {
  deleteLabel,
  FIRST_PAGE,
  keepSelected,
  loadMore,
  NEAR_BOTTOM,
  newRule,
  SCHEDULE_DELETE_ALERT,
  shownAfterSave,
} from './rules-list.ts';
import { useRuleFormats, useRuleNames } from '../conditions/use-rule-names.ts';
import './rules.css';
import { isFailure } from '../../backend/backend.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

type ListedRule = EditorRule & { id: string };

/**
 * The rules list (spec: rules page / modal): a filter, the note that rules run in the order
 * shown, a table of Stage and Rule with an Edit button per rule, selection with 'Delete N
 * rules', 'Create new rule', and paging (100 at first, 50 more near the bottom). With a payee,
 * only that payee's rules (the manage-rules modal over the payees page).
 */
export function RulesList({ payeeId, onChange }: { payeeId?: string; onChange?: () => void }) {
  const store = useStore();
  const names = useRuleNames();
  const formats = useRuleFormats();
  const [rules, setRules] = useState<ListedRule[] | null>(null);
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(FIRST_PAGE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [alert, setAlert] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    const res = await store.backend.send(
      payeeId ? 'payees-get-rules' : 'rules-get',
      payeeId ? { id: payeeId } : undefined,
    );
    const list = Array.isArray(res) ? res : [];
    setRules(list);
    setSelected((s) =>
      keepSelected(
        s,
        list.map((r) => r.id),
      ),
    );
    return list;
  }, [store, payeeId]);

  useEffect(() => void load(), [load]);
  // A sync, an undo or a schedule's edit changes the rules under the list.
  useTablesChanged(['rules', 'schedules'], () => void load());

  const filtered = useMemo(
    () => (rules ?? []).filter((r) => ruleMatchesFilter(r, filter, names, formats)),
    [rules, filter, names, formats],
  );
  const visible = filtered.slice(0, shown);
  // Only rules in view stay selected: 'Delete N rules' never reaches one the filter hides.
  useEffect(() => {
    setSelected((s) =>
      s.size === 0
        ? s
        : keepSelected(
            s,
            filtered.map((r) => r.id),
          ),
    );
  }, [filtered]);

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

  const allSelected = filtered.length > 0 && filtered.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

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
          {visible.map((rule, i) => {
            const text = ruleText(rule, names, formats);
            return (
              <div
                key={rule.id}
                role="row"
                aria-rowindex={i + 2}
                aria-label={text}
                className={`rules-row${selected.has(rule.id) ? ' selected' : ''}`}
              >
                <span role="cell" className="rules-check">
                  <Checkbox
                    label={`Select rule: ${text}`}
                    checked={selected.has(rule.id)}
                    onChange={() => toggle(rule.id)}
                  />
                </span>
                <span role="cell" className={`rules-stage stage-${rule.stage ?? 'default'}`}>
                  {stageText(rule.stage)}
                </span>
                <span role="cell" className="rules-rule">
                  <RuleSummary rule={rule} names={names} formats={formats} />
                </span>
                <span role="cell" className="rules-edit">
                  <Button type="button" onClick={() => edit(rule)}>
                    Edit
                  </Button>
                </span>
              </div>
            );
          })}
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
