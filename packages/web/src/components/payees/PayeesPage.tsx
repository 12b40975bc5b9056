import { checkPayeeName } from '@coffer/core/ui';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { loadPayees } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import type { Payee } from '../../store/types.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import {
  canDelete,
  canMerge,
  filterPayees,
  inSelectionOrder,
  newRuleForPayee,
  selectedNames,
  selectionLabel,
} from './payee-logic.ts';
import './payees.css';
import { type AnswerOf, isFailure } from '../../backend/backend.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

/**
 * A payee's name, edited in place. A name that is no name (empty, or spaces alone) keeps the
 * field open with the shared check's reason beside it, as the register does for a refused
 * value; Escape gives the old name back.
 */
function PayeeName({
  payee,
  editing,
  onEdit,
  onDone,
}: {
  payee: Payee;
  editing: boolean;
  onEdit: () => void;
  /** The trimmed new name, or null to keep the old one. */
  onDone: (name: string | null) => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const errorId = useId();
  if (payee.transfer_acct)
    return <span className="payee-name subdued">Transfer: {payee.name}</span>;
  if (editing) {
    const finish = (text: string) => {
      const checked = checkPayeeName(text);
      setRefusal(checked.ok ? null : checked.message);
      if (checked.ok) onDone(checked.name);
    };
    return (
      <span className="payee-name-edit">
        <input
          className="input payee-input"
          aria-label={`Name of ${payee.name}`}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          defaultValue={payee.name}
          autoFocus
          onChange={() => setRefusal(null)}
          onBlur={(e) => finish(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') finish(e.currentTarget.value);
            if (e.key === 'Escape') {
              setRefusal(null);
              onDone(null);
            }
          }}
        />
        {refusal && (
          <span id={errorId} role="alert" className="field-error">
            {refusal}
          </span>
        )}
      </span>
    );
  }
  return (
    <Button variant="plain" className="payee-name payee-name-button" onClick={onEdit}>
      {payee.name}
    </Button>
  );
}

export function PayeesPage() {
  const store = useStore();
  const { state } = useLocation() as { state: { selectedPayee?: string } | null };
  const payees = useAppState((s) => s.payees);
  const { orphaned, ruleCounts, reload } = usePayeeUsage();
  const [selected, setSelected] = useState<Set<string>>(
    () => new Set(state?.selectedPayee ? [state.selectedPayee] : []),
  );
  const [onlyUnused, setOnlyUnused] = useState(false);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<string | null>(null);

  const sorted = useMemo(() => {
    const unusedIds = new Set(orphaned.map((p) => p.id));
    const base = onlyUnused ? payees.filter((p) => unusedIds.has(p.id)) : payees;
    return filterPayees(base, filter).sort((a, b) => {
      if (Boolean(a.transfer_acct) !== Boolean(b.transfer_acct)) return a.transfer_acct ? 1 : -1;
      return a.name.toLowerCase().localeCompare(b.name.toLowerCase());
    });
  }, [payees, orphaned, onlyUnused, filter]);

  const selectedPayees = inSelectionOrder(payees, selected);

  async function rename(payee: Payee, name: string | null) {
    setEditing(null);
    if (name === null || name === payee.name) return;
    await store.backend.send('payees-batch-change', {
      updated: [{ id: payee.id, name }],
      deleted: [],
    });
    await reload();
  }

  async function onMenu(action: string) {
    const ids = selectedPayees.map((p) => p.id);
    if (action === 'delete') {
      await store.backend.send('payees-batch-change', {
        updated: [],
        deleted: ids.map((id) => ({ id })),
      });
      setSelected(new Set());
    } else if (action === 'merge') {
      const [targetId, ...mergeIds] = ids;
      if (targetId) await store.backend.send('payees-merge', { targetId, mergeIds });
      setSelected(new Set());
      setEditing(targetId ?? null);
    }
    await reload();
  }

  function toggle(id: string) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="page payees-page">
      <h1>Payees</h1>
      <div className="row payees-header">
        <MenuButton
          className="btn"
          label={selectionLabel(selectedPayees.length)}
          items={
            selectedPayees.length
              ? [
                  { kind: 'text', text: selectedNames(selectedPayees) },
                  { name: 'delete', text: 'Delete', disabled: !canDelete(selectedPayees) },
                  { name: 'merge', text: 'Merge', disabled: !canMerge(selectedPayees) },
                ]
              : [{ kind: 'text', text: 'No payees selected' }]
          }
          onSelect={onMenu}
        />
        {(orphaned.length > 0 || onlyUnused) && (
          <Button variant="bare" onClick={() => setOnlyUnused((u) => !u)}>
            {onlyUnused
              ? 'Show all payees'
              : `Show ${orphaned.length} unused ${orphaned.length === 1 ? 'payee' : 'payees'}`}
          </Button>
        )}
        <input
          className="input payees-filter"
          placeholder="Filter payees..."
          aria-label="Filter payees"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <div className="payees-table" role="table" aria-label="Payees">
        {sorted.length === 0 && (
          // A row of its own: a table holds only rows.
          <div className="txn-empty subdued" role="row">
            <span role="cell">No payees</span>
          </div>
        )}
        {sorted.map((p) => (
          <PayeeRow
            key={p.id}
            payee={p}
            ruleCount={ruleCounts[p.id] ?? 0}
            selected={selected.has(p.id)}
            onToggle={() => toggle(p.id)}
            editing={editing === p.id}
            onEdit={() => setEditing(p.id)}
            onDone={(name) => rename(p, name)}
            onRulesChanged={reload}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * The payees not used by any transaction and how many rules name each payee, read again when
 * payees, their mapping or rules change (a sync, an undo).
 */
function usePayeeUsage() {
  const store = useStore();
  const [orphaned, setOrphaned] = useState<AnswerOf<'payees-get-orphaned'>>([]);
  const [ruleCounts, setRuleCounts] = useState<Record<string, number>>({});
  const reload = useCallback(async () => {
    await loadPayees(store);
    const [orph, counts] = await Promise.all([
      store.backend.send('payees-get-orphaned'),
      store.backend.send('payees-get-rule-counts'),
    ]);
    setOrphaned(isFailure(orph) ? [] : orph);
    setRuleCounts(isFailure(counts) ? {} : counts);
  }, [store]);

  useEffect(() => {
    void reload();
    const off = store.backend.listen('sync-event', (e: { type: string; tables?: string[] }) => {
      if (e.type === 'applied' || e.type === 'success') {
        if (e.tables?.some((t) => ['payees', 'payee_mapping', 'rules'].includes(t))) void reload();
      }
    });
    const offUndo = store.backend.listen('undo-event', () => void reload());
    return () => (off(), offUndo());
  }, [store, reload]);

  return { orphaned, ruleCounts, reload };
}

/** One payee: its checkbox (not a transfer's), its name edited in place, and its rules. */
function PayeeRow({
  payee: p,
  ruleCount: count,
  selected,
  onToggle,
  editing,
  onEdit,
  onDone,
  onRulesChanged,
}: {
  payee: Payee;
  ruleCount: number;
  selected: boolean;
  onToggle: () => void;
  editing: boolean;
  onEdit: () => void;
  onDone: (name: string | null) => void;
  onRulesChanged: () => Promise<void>;
}) {
  const store = useStore();
  return (
    <div role="row" className={`payee-row ${selected ? 'selected' : ''}`}>
      <span role="cell" className="payee-check">
        {!p.transfer_acct && (
          <Checkbox label={`Select ${p.name}`} checked={selected} onChange={onToggle} />
        )}
      </span>
      <span role="cell" className="payee-cell">
        <PayeeName payee={p} editing={editing} onEdit={onEdit} onDone={onDone} />
      </span>
      <span role="cell">
        <Button
          variant="bare"
          className="payee-rules"
          onClick={() =>
            count > 0
              ? store.pushModal('manage-rules', { payeeId: p.id, onChange: onRulesChanged })
              : store.pushModal('edit-rule', {
                  rule: newRuleForPayee(p.id),
                  onSave: onRulesChanged,
                })
          }
        >
          {count > 0 ? `${count} associated ${count === 1 ? 'rule' : 'rules'}` : 'Create rule'}
        </Button>
      </span>
    </div>
  );
}

export default PayeesPage;
