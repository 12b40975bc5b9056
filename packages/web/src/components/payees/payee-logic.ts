import type { Payee } from '../../store/types.ts';

/** Case-insensitive substring match on the name. */
export function filterPayees(payees: Payee[], filter: string): Payee[] {
  const f = filter.trim().toLowerCase();
  return f ? payees.filter((p) => p.name.toLowerCase().includes(f)) : payees;
}

/**
 * The selected payees in the order they were picked (a Set keeps insertion order): a merge
 * keeps the first one picked, and the menu lists them that way.
 */
export function inSelectionOrder(payees: Payee[], selected: ReadonlySet<string>): Payee[] {
  const byId = new Map(payees.map((p) => [p.id, p]));
  return [...selected].flatMap((id) => byId.get(id) ?? []);
}

/** The selected names as the selection menu lists them: the first 4, then "and more". */
export function selectedNames(payees: Payee[]): string {
  const names = payees.slice(0, 4).map((p) => p.name);
  return payees.length > 4 ? `${names.join(', ')}, and more` : names.join(', ');
}

export function selectionLabel(count: number): string {
  return count === 0 ? 'No payees selected' : `${count} ${count === 1 ? 'payee' : 'payees'}`;
}

export function canDelete(selected: Payee[]): boolean {
  return selected.length > 0 && selected.every((p) => !p.transfer_acct);
}

export function canMerge(selected: Payee[]): boolean {
  return selected.length >= 2 && selected.every((p) => !p.transfer_acct);
}

// The rules list opens the same template, so it lives with the rules.
export { newRuleForPayee } from '../rules/payee-rule.ts';
