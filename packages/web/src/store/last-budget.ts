/** Local (per-browser) memory of the open budget, so a reload reopens it. */
export const LAST_BUDGET_KEY = 'coffer-last-budget';
