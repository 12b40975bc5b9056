/**
 * Where Coffer parts from an Actual version on purpose. Each entry is a tag the operations
 * get (`tags.ts`) when they touch that behaviour; the harness stops comparing the listed
 * versions from that operation on (their budgets differ on purpose from then). The API
 * package's README shows the same table for people.
 */
export type Version = '6.9' | '26';
export const VERSIONS: readonly Version[] = ['6.9', '26'];

export interface Divergence {
  versions: readonly Version[];
  what: string;
}

export const DIVERGENCES: Readonly<Record<string, Divergence>> = {
  'self-transfer': {
    versions: ['6.9', '26'],
    what:
      "a transaction whose payee is its own account's transfer payee: Actual makes a mirror " +
      'in the same account; Coffer treats it as no transfer (the form offers no such payee)',
  },
  'deleted-account-payee': {
    versions: ['26'],
    what: 'an account deleted (`deleteAccount`, or `closeAccount` with no transactions) while rows elsewhere name its transfer payee without being linked to it: 26 reads their payee as none from then on; 6.9 and Coffer still show it',
  },
  'parent-update': {
    versions: ['6.9'],
    what: "`updateTransaction` on a split parent: 6.9's api fails (it rebuilds the lines without an account); 26 and Coffer update it",
  },
  'parent-update-line-payee': {
    versions: ['26'],
    what: "`updateTransaction` on a split parent that has a payee and a line without one: 26 gives the line the parent's payee (a transfer payee then moves that line's money); 6.9 fails (see above); Coffer leaves the line's payee alone",
  },
  'line-other-transfer': {
    versions: ['6.9'],
    what: "a split line naming another account's transfer payee than its parent's: 6.9 clears the line's payee; 26 and Coffer make the line its own transfer",
  },
  'transfer-date': {
    versions: ['26'],
    what: "a transfer's date changed on one side: 26 leaves the other side's date (on purpose, actual#8730); 6.9 and Coffer move it too",
  },
  'transfer-category-both-sides': {
    versions: ['6.9'],
    what: "a transfer changed so both its accounts are on the same side of the budget: 6.9 clears the changed side's category only (the other side's, both on budget, still counts as spending); 26 and Coffer clear both",
  },
  'transfer-line-other-side': {
    versions: ['6.9', '26'],
    what: 'a transfer whose other side is a split line, changed to name another account (or, in 6.9, another date): Actual moves the line to that account (and date), out of its split; Coffer keeps the line in its split, no longer a transfer, and makes a new other side in that account',
  },
  'offbudget-new-category': {
    versions: ['26'],
    what: 'a new row with a category in an off-budget account (import, `addTransactions` with `runTransfers`, the row `closeAccount` adds): 26 drops the category; 6.9 and Coffer keep it (it counts in no budget either way)',
  },
  'offbudget-moved-category': {
    versions: ['26'],
    what: '`updateTransaction` moving a row with a category, or a split whose lines have categories, into an off-budget account: 26 drops the categories; 6.9 and Coffer keep them (they count in no budget either way)',
  },
  'offbudget-merged-category': {
    versions: ['6.9', '26'],
    what: "an account moved on or off budget (`updateAccount`) while it holds rows whose category was deleted into another: Actual recomputes only the categories the rows store (the deleted ones), so the replacement's figures can keep counting those rows; Coffer counts what is on budget now",
  },
  'close-into-itself': {
    versions: ['6.9'],
    what: '`closeAccount(id, id)` with money in the account: 6.9 moves the balance to the account itself (a transfer to itself); 26 and Coffer refuse',
  },
  'close-into-itself-empty': {
    versions: ['26'],
    what: '`closeAccount(id, id)` with nothing in the account: 26 refuses; 6.9 and Coffer close it (there is nothing to move)',
  },
  'import-fuzzy': {
    versions: ['6.9', '26'],
    what: "which existing row an imported row without a matching imported id updates: Coffer keeps 23.8.1's rule (same amount, 4 days before to 1 day after, not a split line, first in register order); 6.9 and 26 look 7 days either side, split lines too, nearest first (ties unordered), and 26 skips a row with another imported id",
  },
  'import-match-date': {
    versions: ['6.9', '26'],
    what: "an import that matches an existing row on another date: Coffer (as 23.8.1) moves the row to the bank's date; 6.9 and 26 keep the row's date",
  },
  'import-match-cleared': {
    versions: ['26'],
    what: "an import that matches an uncleared row without saying `cleared`, or a cleared row with `cleared: false`: 26 keeps the row cleared if either side is; 6.9 and Coffer take the import's flag (default cleared)",
  },
  'dead-payee': {
    versions: ['6.9'],
    what: "a deleted account's transfer payee still named by rows elsewhere (not linked to a transfer): 6.9's next update of such a row fails after the call has returned (its transfer step finds no payee); 26 and Coffer update it",
  },
  'budget-month-before-made': {
    versions: ['6.9', '26'],
    what: "`setBudgetAmount` for the month just before the first month Actual has made (set before or after Actual made the months beside it), which rows later bring into the budget, or for a month rows had brought in before Actual made it, which a row moved later takes out again: Actual stores the amount but reads the month's budget as 0 from then on, or never makes the month (after reopening too); Coffer counts the amount it stored",
  },
  'deleted-category-made-months': {
    versions: ['6.9'],
    what: "`deleteCategory` / `deleteCategoryGroup` while the category has a budget amount in a month Actual has made, or (without a replacement) rows there, a split parent's own category included (it counts once the split's last line is deleted): 6.9 keeps the deleted category's leftover (its budget, and its overspending carried into the next month) in the months made before the delete, not in months made after, and a replacement gets the budget too; 26 and Coffer drop it in every month, as all three do for months made later",
  },
  'deleted-category-unmade-months': {
    versions: ['6.9', '26'],
    what: '`deleteCategory` / `deleteCategoryGroup` into a replacement while the category has a budget amount in a month Actual has not made yet: Actual moves budget amounts into the replacement only in the months it has made, so that month, made later, shows the replacement without the amount; Coffer moves it in every month',
  },
  'split-dissolved-category': {
    versions: ['26'],
    what: "deleting the last line of a split whose parent was added with a category: the row becomes plain; 6.9 and Coffer give it that category (kept with the parent, though no read shows a parent's category), 26 gives it none",
  },
  'delete-closed-account': {
    versions: ['6.9', '26'],
    what: '`deleteAccount` of a closed account: 6.9 and 26 do nothing (their close step returns early for a closed account); Coffer deletes it, as its register does',
  },
  'hold-api': {
    versions: ['6.9'],
    what: '`holdBudgetForNextMonth` / `resetBudgetHold`: api 6.9 has neither method',
  },
};

/** The tags at which comparing `version` stops. */
export function stopTags(version: Version): string[] {
  return Object.entries(DIVERGENCES)
    .filter(([, d]) => d.versions.includes(version))
    .map(([tag]) => tag);
}
