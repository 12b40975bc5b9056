import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { useTablesChanged } from '../kit/data/data.ts';
import { ruleMatchesFilter } from '../conditions/rule-text.ts';
import { useRuleFormats, useRuleNames } from '../conditions/use-rule-names.ts';
import type { EditorRule } from './rule-editor.ts';
import { keepSelected } from './rules-list.ts';

export type ListedRule = EditorRule & { id: string };

/**
 * The rules the list shows (all, or one payee's), read again when rules or schedules change,
 * those the filter keeps, and the selection: only rules in view stay selected, so 'Delete N
 * rules' never reaches one the filter hides.
 */
export function useRulesList(payeeId: string | undefined, filter: string) {
  const store = useStore();
  const names = useRuleNames();
  const formats = useRuleFormats();
  const [rules, setRules] = useState<ListedRule[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

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

  const allSelected = filtered.length > 0 && filtered.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return { rules, load, filtered, selected, setSelected, allSelected, toggle, names, formats };
}
