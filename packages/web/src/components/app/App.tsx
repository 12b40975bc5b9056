import { useEffect } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import { LAST_BUDGET_KEY } from '../../store/last-budget.ts';
import { FinancesApp } from '../shell/FinancesApp.tsx';
import type { LoadedPage } from '../shell/pages.ts';
import { ManagerApp } from '../manager/ManagerApp.tsx';
import { useGlobalEvents } from '../../sync/use-global-events.ts';
import { useHeldRows } from '../../sync/held-rows.ts';
import { ModalRegistryContext } from '../kit/data/ModalHost.tsx';
import { modalRegistry } from './modal-registry.ts';
import { LoadingScreen } from '../kit/ui/LoadingScreen.tsx';
import { Notifications } from './Notifications.tsx';

/** The app: the open budget, or the file manager. `initialPage`: see shell/pages.ts. */
export function App({ initialPage = null }: { initialPage?: LoadedPage | null }) {
  const store = useStore();
  const budgetId = useAppState((s) => s.prefs?.id ?? null);
  const loadingText = useAppState((s) => s.loadingText);
  const theme = useAppState((s) => s.globalPrefs.theme ?? 'light');
  const privacy = useAppState(
    (s) => Boolean(s.prefs?.['flags.privacyMode']) && Boolean(s.prefs?.isPrivacyEnabled),
  );
  useGlobalEvents(store);
  useHeldRows(store);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Privacy mode blurs every `.amount` (theme.css); the root attribute reaches them all.
  useEffect(() => {
    if (privacy) document.documentElement.dataset.privacy = 'on';
    else delete document.documentElement.dataset.privacy;
  }, [privacy]);

  useEffect(() => {
    if (budgetId) window.localStorage.setItem(LAST_BUDGET_KEY, budgetId);
    else window.localStorage.removeItem(LAST_BUDGET_KEY);
  }, [budgetId]);

  return (
    <ModalRegistryContext.Provider value={modalRegistry}>
      {budgetId ? <FinancesApp key={budgetId} initialPage={initialPage} /> : <ManagerApp />}
      {loadingText !== null && <LoadingScreen text={loadingText} />}
      <Notifications />
    </ModalRegistryContext.Provider>
  );
}
