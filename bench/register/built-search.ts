// The head the register's search scripts share (search-ab, search-plan, search-by-category): the
// budget opened with every derived table's build finished, and the register's first-page search
// query (All accounts, 45 groups) for a term. Each build that starts after the open is caught as
// it is kept and finished at once, so no timing includes a build.
import { createAppCore, type Budget } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { DerivedData } from '../../packages/core/src/budget-file/derived-data.ts';
import type { QueryState } from '../../packages/core/src/query/query.ts';
import { registerQuery } from '../../packages/web/src/components/accounts/rows/register-query.ts';
import { searchFilter } from '../../packages/web/src/components/accounts/rows/search.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

/**
 * Budget `id` in `dir`, opened, with every derived table built; `send` asks its core, `close`
 * closes it. Also the head of edit-cells.ts, which times the cells' share of an edit.
 */
export async function openBuilt(
  dir: string,
  id: string,
): Promise<{
  budget: Budget;
  send: (name: string, args?: unknown) => Promise<unknown>;
  close: () => Promise<unknown>;
}> {
  const building = new Set<DerivedData>();
  const proto = DerivedData.prototype as unknown as { keep: (...a: unknown[]) => unknown };
  const keep = proto.keep;
  proto.keep = function (this: DerivedData, ...a: unknown[]) {
    building.add(this);
    return keep.apply(this, a);
  };
  const platform = createNodePlatform({ documentDir: dir, log: quiet });
  const core = createAppCore({ platform, documentDir: dir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  await send('load-budget', { id });
  const budget = core.budget as Budget;
  await new Promise((r) => setTimeout(r, 3000));
  for (const d of building) d.ensure();
  return { budget, send, close: () => send('close-budget') };
}

/**
 * The register's first page (All accounts, open accounts, 45 groups) searched for `term`, and
 * the search's own filter.
 */
export function searchQuery(budget: Budget, term: string) {
  const named = (t: string) =>
    budget.sqlite.all<{ id: string; name: string }>(
      `SELECT id, name FROM ${t} WHERE tombstone = 0`,
    );
  const ctx = {
    payees: named('payees'),
    categories: named('categories'),
    accounts: named('accounts'),
    dateFormat: 'MM/dd/yyyy' as const,
  };
  const base = { filters: [], conditionsOp: 'and' as const, hideCleared: false, sort: null };
  const search = searchFilter(term, ctx);
  const view = { 'account.closed': false };
  const query: QueryState = { ...registerQuery({ ...base, view, search }), limit: 45, offset: 0 };
  return { query, search };
}
