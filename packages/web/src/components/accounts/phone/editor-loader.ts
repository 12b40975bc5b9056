/**
 * The touch editor's code, loaded with its route (`/transactions/…`) and ahead of it: the
 * 'Add transaction' button asks for it once the screen is idle, so the tap opens the editor
 * without fetching and compiling its code first (a few hundred ms on a phone-class CPU).
 */
export const loadTransactionEditor = () => import('./TransactionEditor.tsx');

/** Asks for the editor's code when the page is idle (a timer where there is no idle callback). */
export function preloadTransactionEditor(): () => void {
  const load = () => void loadTransactionEditor().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(load, 500);
  return () => window.clearTimeout(handle);
}
