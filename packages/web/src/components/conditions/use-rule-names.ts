import { q } from '@coffer/core/ui';
import { useMemo } from 'react';
import { useAppState } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { useQuery } from '../kit/data/data.ts';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { DELETED, type RuleFormats, type RuleNames } from './rule-text.ts';

interface ScheduleName {
  id: string;
  name: string | null;
  _payee: string | null;
}

const SCHEDULES = q('schedules').select(['id', 'name', '_payee']).serialize();

/**
 * What rules point at, by name: payees (a transfer payee by its account), categories,
 * accounts from the store, schedules by their name (or their payee's, when unnamed).
 */
export function useRuleNames(): RuleNames & { label(field: string, id: string): string } {
  const payeeName = usePayeeName();
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  const categories = useAppState((s) => s.categories.list);
  const schedules = useQuery<ScheduleName[]>(SCHEDULES, ['schedules', 'rules']);
  return useMemo(() => {
    const payeeIds = new Set(payees.map((p) => p.id));
    const cats = new Map(categories.map((c) => [c.id, c.name]));
    const accts = new Map(accounts.map((a) => [a.id, a.name]));
    const scheds = new Map((schedules ?? []).map((s) => [s.id, s]));
    const names: RuleNames = {
      payee: (id) => (payeeIds.has(id) ? payeeName(id) : undefined),
      category: (id) => cats.get(id),
      account: (id) => accts.get(id),
      schedule: (id) => {
        const s = scheds.get(id);
        if (!s) return undefined;
        return s.name || (s._payee ? payeeName(s._payee) : '') || 'Schedule';
      },
    };
    const label = (field: string, id: string) => {
      const found =
        field === 'payee'
          ? names.payee(id)
          : field === 'category'
            ? names.category(id)
            : names.account(id);
      if (found === undefined && id.startsWith('new:')) return id.slice(4);
      return found ?? DELETED;
    };
    return { ...names, label };
    // payeeName follows payees and accounts, which are dependencies already.
  }, [payees, accounts, categories, schedules]);
}

export function useRuleFormats(): RuleFormats {
  const fmt = useFormat();
  return useMemo(() => ({ amount: fmt.amount, date: fmt.date }), [fmt]);
}
