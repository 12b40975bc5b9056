import type { ImportPlan, PlanLine } from './plan.ts';

interface Located {
  line: PlanLine;
  account: string;
  date: string;
}

/**
 * Pair transfer lines the source left unlinked (nYNAB leaves the other side of a split's
 * transfer line without an id): the partner is a line in the other account, on the same day,
 * for the opposite amount, pointing back at this account, and not already paired.
 */
export function linkOpenTransfers(plan: ImportPlan): void {
  const open: Located[] = [];
  for (const t of plan.transactions) {
    const lines: PlanLine[] = t.subtransactions?.length ? t.subtransactions : [t];
    for (const line of lines) {
      if (line.transferAccount && !line.transferTransaction) {
        open.push({ line, account: t.account, date: t.date });
      }
    }
  }
  const taken = new Set<PlanLine>();
  for (const a of open) {
    if (taken.has(a.line)) continue;
    const b = open.find(
      (o) =>
        !taken.has(o.line) &&
        o.line !== a.line &&
        o.account === a.line.transferAccount &&
        o.line.transferAccount === a.account &&
        o.date === a.date &&
        o.line.amount === -a.line.amount,
    );
    if (!b) continue;
    taken.add(a.line).add(b.line);
    a.line.transferTransaction = b.line.key;
    b.line.transferTransaction = a.line.key;
  }
}
