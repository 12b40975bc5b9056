import { useMemo } from 'react';
import { useAppState } from '../../../store/context.ts';
import type { PayeeLabel } from './RegisterRow.tsx';

/**
 * A payee's name as the register shows it: a transfer payee by its account's name, a payee
 * being created (`new:<name>`) by its name. One lookup per render of the table, not a scan of
 * the payees per cell.
 */
export function usePayeeLabel(): (id: string | null) => PayeeLabel {
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  return useMemo(() => {
    const byId = new Map(payees.map((p) => [p.id, p]));
    const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
    return (id: string | null): PayeeLabel => {
      const p = id ? byId.get(id) : undefined;
      if (!p) return { name: id?.startsWith('new:') ? id.slice(4) : '', transfer: null };
      const transfer = p.transfer_acct ?? null;
      return { name: (transfer && accountNames.get(transfer)) || p.name, transfer };
    };
  }, [payees, accounts]);
}
