import type { RegisterTx } from '../types.ts';

type Update = Record<string, unknown> & { id: string };

/**
 * The rows as a write of field updates will leave them, shown before the core answers (the
 * read that follows the write replaces them). A transaction's new amount moves the view's
 * balance by the difference, so running balances are right at once.
 */
export function applyUpdates(
  groups: RegisterTx[],
  balance: number | null,
  updates: readonly Update[],
): [RegisterTx[], number | null] {
  const byId = new Map(updates.map((u) => [u.id, u]));
  let delta = 0;
  const next = groups.map((g) => {
    const own = byId.get(g.id);
    let tx = g;
    if (own) {
      tx = { ...g, ...own } as RegisterTx;
      if (typeof own.amount === 'number') delta += own.amount - g.amount;
    }
    const subs = g.subtransactions;
    if (subs && subs.some((s) => byId.has(s.id))) {
      tx = {
        ...tx,
        subtransactions: subs.map((s) => {
          const u = byId.get(s.id);
          return u ? ({ ...s, ...u } as RegisterTx) : s;
        }),
      };
    }
    return tx;
  });
  return [next, balance === null ? null : balance + delta];
}
