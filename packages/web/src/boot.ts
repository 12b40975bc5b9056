/**
 * The page's first script (issue 29): it starts the core's worker and nothing else.
 *
 * index.html lists it as a module script of its own before the app's entry (the production build
 * injects it, build/boot-entry.ts): module scripts run in document order, so this small one runs
 * as soon as it has come back, while the entry (React, the router, the kit) is still fetched,
 * compiled and run. The worker's script, SQLite's wasm and the last budget's open then start
 * ~0.3 s earlier on a phone, in parallel with the entry. main.tsx imports `connecting` from here
 * (the same module, run once) instead of making a second worker.
 *
 * Keep it small: whatever it imports is fetched and run before the worker is made.
 */
import { connectBackend } from './backend/connect.ts';
import { LAST_BUDGET_KEY } from './store/last-budget.ts';

/**
 * The core's connection. The worker takes the last budget's folder as soon as the core exists
 * (InitMessage.budget); Root opens that budget first.
 */
export const connecting = connectBackend({
  lastBudget: window.localStorage.getItem(LAST_BUDGET_KEY) ?? undefined,
});
// Root acts on a failure (the fatal screen) once the entry has run; until then it is not an
// unhandled rejection, which the page would report as an error.
void connecting.catch(() => undefined);
