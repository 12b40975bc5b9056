import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useAppState } from '../../store/context.ts';
import { useResponsive } from '../../store/responsive.ts';
import { ConnectionProblemBanner } from '../import/ConnectionProblemBanner.tsx';
import { PhoneAccounts } from './phone/PhoneAccounts.tsx';
import { PhoneRegister } from './phone/PhoneRegister.tsx';
import { Register } from './register/Register.tsx';
import type { InitialFilter } from './rows/use-register-finding.ts';
import { registerView } from './rows/views.ts';
import { useTags } from '../kit/data/tags.tsx';
import './accounts.css';

/** The filter another page opened the register with (CONTRACTS.md: `state.filter`). */
function initialFilter(state: unknown): InitialFilter | null {
  const filter = (state as { filter?: { conditions?: unknown; conditionsOp?: unknown } } | null)
    ?.filter;
  if (!filter || !Array.isArray(filter.conditions)) return null;
  return {
    conditions: filter.conditions as InitialFilter['conditions'],
    conditionsOp: filter.conditionsOp === 'or' ? 'or' : 'and',
  };
}

/**
 * `/accounts`, `/accounts/budgeted`, `/accounts/offbudget`, `/accounts/uncategorized` and
 * `/accounts/{id}`: the register of that view.
 */
export function AccountsPage() {
  const { id } = useParams();
  const location = useLocation();
  const accounts = useAppState((s) => s.accounts);
  const { isNarrow } = useResponsive();
  const view = useMemo(() => registerView(id, accounts), [id, accounts]);
  const initial = initialFilter(location.state);
  // The notes show tags as chips in their colours: the tags are read as the register opens,
  // not only once its first row with notes mounts.
  useTags();
  // The connection-problem banner (and its popup) stays put when the window narrows or widens.
  const banner = view.account ? <ConnectionProblemBanner accountId={view.account.id} /> : null;
  if (isNarrow) {
    return (
      <>
        {banner}
        {id === undefined ? <PhoneAccounts /> : <PhoneRegister key={id} view={view} />}
      </>
    );
  }
  // A new view (or the same one opened with a filter) starts afresh: search, filters, selection.
  return (
    <>
      {banner}
      <Register
        key={`${id ?? 'all'}${initial ? `:${location.key}` : ''}`}
        view={view}
        initialFilter={initial}
      />
    </>
  );
}

export default AccountsPage;
