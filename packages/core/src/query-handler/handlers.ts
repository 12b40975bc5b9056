import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { type Validator, v } from '../handlers-core/validate.ts';
import { CompileError, QueryParamError } from '../query/errors.ts';
import { runQuery } from '../query/exec.ts';
import type { QueryState } from '../query/query.ts';
import { accountOrder, accountOrderReach } from './account-order.ts';
import { QueryCellsSlot } from './query-cells.ts';
import { answersFromMonthSums, once, readTransferPayees } from '../query/month-sums.ts';
import { usesSearch } from '../query/search.ts';
import { groupSums, keptTagSums, monthSums, sumsBuiltBefore } from '../month-sums/slot.ts';
import { groupSumsContext, routeToGroupSums } from '../query/group-sums.ts';
import { indexedUpTo } from '../search/id-steps.ts';
import { apartLines, searchIndex } from '../search/slot.ts';
import { usesTags } from '../query/has-tag.ts';
import { tagIndex } from '../tags/slot.ts';
import type { Budget } from '../budget-file/budget.ts';

/** A serialized AQL query: at least `{table}` (what `q(...).serialize()` produces). */
export const queryState = (): Validator<QueryState> => ({
  check(value, path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return `${path || 'args'} should be a serialized query object`;
    }
    if (typeof (value as { table?: unknown }).table !== 'string') {
      return 'query has no table, did you forget to call `.serialize`?';
    }
    return null;
  },
});

/** A query the compiler rejects is bad input: a typed error with the expression stack. */
export function guarded<T>(run: () => T) {
  try {
    return run();
  } catch (err) {
    if (err instanceof CompileError || err instanceof QueryParamError) {
      return handlerError('query-error', err.message);
    }
    throw err;
  }
}

/**
 * Whether a query with a tag condition reads the tag index (made current first) or the notes
 * (the GLOB: the same answer, has-tag.ts). A page of rows (the register's first screenful after
 * a chip's click, with a limit) does not wait for the index's first build, which at 100,000
 * transactions took half a second of the worker's time at the first filter after a new device's
 * open (issue 32): the page reads the notes in the register's order until it is full (a common
 * tag: `../query/tagged-groups.ts`), and the build goes on in the background, hurried. A whole
 * read (a report by tag) builds it now.
 */
function tagIndexFor(budget: Budget, state: QueryState): boolean {
  const index = tagIndex(budget);
  if (index.isCurrent() || state.limit == null) {
    index.ensure();
    return true;
  }
  index.hurry();
  return false;
}

export const queryModule = defineModule(
  'query',
  {
    /** A serialized query → {data, dependencies}. */
    query: handler({
      args: queryState(),
      needsBudget: true,
      run: (state, ctx) =>
        guarded(() => {
          const budget = ctx.requireBudget();
          // A search while the index's background build runs reads the rows it has indexed and
          // scans the others' notes rather than finish the build first (`../query/search.ts`);
          // with no build under way (a failed one), the read builds the index as before.
          // The builds a search reads are hurried past the screen's hold on background work:
          // at 1,000,000 transactions the screen in use held them, and every search scanned.
          const search = usesSearch(state.filterExpressions) ? searchIndex(budget) : null;
          if (search && !search.building()) search.ensure();
          else if (search) search.hurry();
          if (search) accountOrder(budget).hurry();
          // Its page from a date on reads the lines dated apart once their set is whole; it is
          // built in the background from the first search on, never waited for.
          const apart = search ? apartLines(budget).isCurrent() : false;
          // A tag filter (the filter bar, a chip, a `#tag` search) finds its rows in the index.
          const tags = usesTags(state.filterExpressions) && tagIndexFor(budget, state);
          // A sum by account and month over all time reads Coffer's month sums, not every row;
          // by category, group or payee, the group sums (one table, built together). While
          // their build runs, the months it has summed and the rows after them
          // (`../query/sums-rest.ts`), the build hurried on, rather than finished first.
          const kept = monthSums(budget);
          const before = sumsBuiltBefore(kept);
          const transfers = once(() => readTransferPayees(budget.sqlite));
          const sums = answersFromMonthSums(state, transfers);
          const context = groupSumsContext(budget.sqlite, before !== undefined);
          const byGroup = !sums && routeToGroupSums(state, context) !== null;
          if ((sums || byGroup) && before === undefined) kept.ensure();
          else if (sums || byGroup) kept.hurry();
          // A build not begun yet (null) may leave an older file's sums: the rows are read.
          const useSums = before !== null;
          // An account's page reads the account-order table as far as its build has come.
          const reach = accountOrderReach(accountOrder(budget));
          return runQuery(budget.sqlite, state, {
            ...(reach ? { accountOrder: reach } : {}),
            monthSums: sums && useSums,
            tagIndex: tags,
            apartLines: apart,
            ...(search && !search.isCurrent()
              ? { searchScan: { indexedUpTo: indexedUpTo(search.position()) } }
              : { notesIndexed: search !== null }),
            ...(byGroup && useSums ? { groupSums: context } : {}),
            ...(before != null ? { sumsBuiltBefore: before } : {}),
          });
        }),
    }),

    /** {sheetName, name, query}: a live cell `sheetName!name` holding the query's result. */
    'create-query': handler({
      args: v.object({ sheetName: v.string(), name: v.string(), query: queryState() }),
      needsBudget: true,
      run({ sheetName, name, query }, ctx) {
        const cells = ctx.requireBudget().get(QueryCellsSlot);
        return guarded(() => {
          cells.create(sheetName, name, query, ctx.emit);
          return 'ok' as const;
        });
      },
    }),
  },
  {
    // Opened with the budget, so every change from the first one on keeps the search index, the
    // month sums and the tag index in step. The account-order table first: its background build
    // is the first one after the open (account-order.ts).
    services: [
      (budget) => {
        accountOrder(budget);
        searchIndex(budget);
        monthSums(budget);
        groupSums(budget);
        tagIndex(budget);
        keptTagSums(budget);
      },
    ],
  },
);
