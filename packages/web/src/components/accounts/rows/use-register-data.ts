import { useCallback, useMemo, useState } from 'react';
import { ROW_HEIGHT } from '../../kit/ui/VirtualTable.tsx';
import { useAppState } from '../../../store/context.ts';
import { screenPaging } from './paging.ts';
import { registerQuery, showsRunningBalance } from './register-query.ts';
import { displayRows } from './register-rows.ts';
import type { RegisterFinding } from './use-register-finding.ts';
import { useRegisterRows } from './use-register-rows.ts';
import type { RegisterView } from './views.ts';

/** How long a tag chip's click waits for its rows before it shows the filter without them. */
export const AHEAD_WAIT_MS = 150;

/**
 * A view's rows as the register shows them: its query (the view, search, filters, sort), the
 * rows loaded page by page (a screenful first: paging.ts), with the running balance when one
 * account is shown unfiltered.
 */
export function useRegisterData(view: RegisterView, finding: RegisterFinding) {
  const findingInput = {
    search: finding.search,
    filters: finding.filters ?? [],
    conditionsOp: finding.conditionsOp,
    hideCleared: finding.hideCleared,
    sort: finding.sort,
  };
  const running = view.kind === 'account' && showsRunningBalance(findingInput, true);
  const plain = showsRunningBalance(findingInput, true);
  const query = useMemo(
    () => (finding.filters === null ? null : registerQuery({ view: view.filter, ...findingInput })),
    // findingInput's parts are the dependencies.
    [
      view.filter,
      finding.filters,
      finding.search,
      finding.conditionsOp,
      finding.hideCleared,
      finding.sort,
    ],
  );
  // The window's height when the register opens: a taller window later asks for the next
  // page as soon as it shows the first page's end.
  const [paging] = useState(() => screenPaging(window.innerHeight, ROW_HEIGHT));
  const data = useRegisterRows(query, running ? view.balanceCell : null, paging);
  const rows = useMemo(
    () => displayRows(data.groups, running ? data.balance : null),
    [data.groups, data.balance, running],
  );
  const { readAhead } = data;
  /**
   * A tag chip's click: its rows are asked for at once, and the filter is shown with them, in
   * one render and one frame. Nothing is rendered at the click (which would hold the page's
   * thread while the core answers) and the table is not emptied meanwhile (issue 32). A slow
   * answer (a cold start) does not hold the filter back for more than AHEAD_WAIT_MS.
   */
  const filterByTag = (tag: string) => {
    if (finding.hasTag(tag)) return;
    const filters = finding.filtersWithTag(tag);
    if (!filters) {
      finding.filterByTag(tag);
      return;
    }
    let shown = false;
    const show = () => {
      if (shown) return false;
      shown = true;
      finding.filterByTag(tag);
      return true;
    };
    readAhead(registerQuery({ view: view.filter, ...findingInput, filters }), show);
    setTimeout(show, AHEAD_WAIT_MS);
  };
  const loadMore = data.loadMore;
  // The table's near-end call: stable, so the table does not ask again on every render.
  const onNearEnd = useCallback(() => void loadMore(), [loadMore]);
  return { query, data, rows, running, plain, onNearEnd, filterByTag };
}

/**
 * Which accounts' scheduled transactions the view shows above its rows: none while a search or
 * filter narrows it (`plain` false) or in Uncategorized.
 */
export function usePreviewAccounts(
  plain: boolean,
  view: RegisterView,
): ((account: string) => boolean) | null {
  const accounts = useAppState((s) => s.accounts);
  const accountMap = useMemo(() => new Map(accounts.map((a) => [a.id, a])), [accounts]);
  return useMemo(() => {
    if (!plain) return null;
    switch (view.kind) {
      case 'account':
        return (a: string) => a === view.account?.id;
      case 'uncategorized':
        return null;
      default:
        return (a: string) => {
          const acct = accountMap.get(a);
          if (!acct || acct.closed) return false;
          if (view.kind === 'budgeted') return !acct.offbudget;
          if (view.kind === 'offbudget') return !!acct.offbudget;
          return true;
        };
    }
  }, [plain, view.kind, view.account?.id, accountMap]);
}
