import { useMemo, useRef } from 'react';
import { useAppState } from '../../../store/context.ts';
import type { DisplayRow } from '../rows/register-rows.ts';
import type { RegisterTx } from '../types.ts';
import { type NavContext, type NavRow, registerNavRows } from './nav-rows.ts';

/**
 * The register's rows as the cursor and the cells see them (fields, values, labels), by key,
 * and the payees a typed name means, including those this register just created.
 */
export function useRegisterNav(rows: DisplayRow[], multiAccount: boolean) {
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const payeeMap = useMemo(() => new Map(payees.map((p) => [p.id, p])), [payees]);
  const navCtx = useMemo<NavContext>(
    () => ({
      accounts,
      transferAccountOf: (payee) => (payee ? (payeeMap.get(payee)?.transfer_acct ?? null) : null),
      showAccount: multiAccount,
    }),
    [accounts, payeeMap, multiAccount],
  );
  // Rows already shown keep their objects when a page is appended (they skip rendering).
  const navCache = useMemo(() => new WeakMap<RegisterTx, NavRow>(), [navCtx]);
  const registerNav = useMemo(
    () => registerNavRows(rows, navCtx, navCache),
    [rows, navCtx, navCache],
  );
  const navByKey = useMemo(() => new Map(registerNav.map((r) => [r.key, r])), [registerNav]);
  const rowIndex = useMemo(() => new Map(rows.map((r, i) => [r.key, i])), [rows]);
  // Payees this register created, until the app's list has them: typing the same new name
  // again right away must not make a second payee.
  const created = useRef(new Map<string, string>());
  const payeeByName = useMemo(() => {
    const known = new Map(payees.filter((p) => !p.transfer_acct).map((p) => [p.name, p.id]));
    return { get: (name: string) => known.get(name) ?? created.current.get(name) };
  }, [payees]);
  const onCreatedPayees = (list: Array<{ id: string; name: string }>) =>
    list.forEach((p) => created.current.set(p.name, p.id));
  const isTransferPayee = (id: string | null) => !!id && !!payeeMap.get(id)?.transfer_acct;

  return {
    navCtx,
    registerNav,
    navByKey,
    rowIndex,
    payeeByName,
    onCreatedPayees,
    isTransferPayee,
  };
}
