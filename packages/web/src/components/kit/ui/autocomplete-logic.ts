import { checkPayeeName, checkTagName } from '@coffer/core/ui';
/**
 * What the payee, category and account autocompletes suggest for a typed text (spec section 5:
 * payee autocomplete, category and account pickers). Pure, so the rules are tested here and
 * every picker in the app follows them.
 */

export interface AcItem {
  id: string;
  label: string;
  /** The heading the item sits under. */
  group?: string;
  /**
   * 'create' makes a new payee from the text ('create-tag' a new tag); 'split' turns a
   * transaction into a split.
   */
  special?: 'create' | 'create-tag' | 'split';
  /** For transfer payees: the account the transfer goes to. */
  transferAccount?: string;
}

export interface Suggestions {
  items: AcItem[];
  /** A line under the list, e.g. the spec's note that more payees exist. */
  footer?: string;
  /** The item Enter takes, by index into items, or -1 for none. */
  highlight: number;
  /** Why the typed text cannot become a new item (spaces alone are no payee name). */
  refusal?: string;
}

export const PAYEE_LIMIT = 100;
export const MORE_PAYEES = 'More payees are available, search to find them';

/** Lower case without accents, so `cafe` finds `Café`. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** 0 exact, 1 prefix, 2 a word's prefix, 3 anywhere, -1 no match. */
export function matchRank(label: string, text: string): number {
  const l = fold(label);
  const t = fold(text.trim());
  if (t === '') return 3;
  if (l === t) return 0;
  if (l.startsWith(t)) return 1;
  if (l.split(/[\s\-/&.,()]+/).some((w) => w.startsWith(t))) return 2;
  return l.includes(t) ? 3 : -1;
}

/**
 * The items matching `text`, best first within each group (exact, then prefix, then the rest),
 * groups kept in their given order. Blank text keeps every item in order.
 */
export function filterItems(items: readonly AcItem[], text: string): AcItem[] {
  if (text.trim() === '') return [...items];
  const groups = new Map<string, Array<{ item: AcItem; rank: number; i: number }>>();
  items.forEach((item, i) => {
    const rank = item.special ? -1 : matchRank(item.label, text);
    if (rank < 0) return;
    const key = item.group ?? '';
    const list = groups.get(key) ?? [];
    list.push({ item, rank, i });
    groups.set(key, list);
  });
  return [...groups.values()].flatMap((list) =>
    list.sort((a, b) => a.rank - b.rank || a.i - b.i).map((x) => x.item),
  );
}

/**
 * Where Enter lands: the current value before typing; after it, the item named exactly as typed
 * wherever its group sits (the groups keep their order, so 'Extra 58' in the first group showed
 * before 'Extra 5' in a later one and Enter took it), else the first match.
 */
function highlightOf(
  items: readonly AcItem[],
  typed: boolean,
  value: string | null,
  text: string,
): number {
  if (!typed) return items.findIndex((i) => i.id === value);
  const exact = text.trim() === '' ? -1 : items.findIndex((i) => !i.special && matchRank(i.label, text) === 0); // prettier-ignore
  if (exact >= 0) return exact;
  const match = items.findIndex((i) => !i.special);
  if (match >= 0) return match;
  return items.length > 0 ? 0 : -1;
}

export interface PayeeLike {
  id: string;
  name: string;
  transfer_acct?: string | null;
}

export interface AccountLike {
  id: string;
  name: string;
  offbudget?: boolean | number;
  closed?: boolean | number;
}

export interface PayeeOptions {
  /** Offer transfer payees (Transfer To/From); off in contexts that cannot be transfers. */
  showTransfers?: boolean;
  /** Only transfer payees, and no 'Create Payee' (a transfer-only picker). */
  transferMode?: boolean;
  /** The account being edited: no transfer to itself. */
  excludeAccount?: string | null;
  /** Leave out these payees (those a multi-value input already holds). */
  exclude?: readonly string[];
  /** Offer 'Create Payee' for new text (default); off where a new payee means nothing. */
  create?: boolean;
  limit?: number;
}

/**
 * Payee suggestions: at most 100 (then the footer), 'Create Payee' unless the text equals an
 * existing non-transfer payee's name, new payees as `new:{text}`, transfer payees named by
 * their account and kept apart, closed accounts' transfer payees left out.
 */
export function payeeSuggestions(
  payees: readonly PayeeLike[],
  accounts: readonly AccountLike[],
  text: string,
  typed: boolean,
  value: string | null,
  options: PayeeOptions = {},
): Suggestions {
  const { showTransfers = true, transferMode = false, excludeAccount = null } = options;
  const excluded = new Set(options.exclude ?? []);
  const limit = options.limit ?? PAYEE_LIMIT;
  const open = new Map(accounts.filter((a) => !a.closed).map((a) => [a.id, a]));
  const regular: AcItem[] = [];
  const transfers: AcItem[] = [];
  for (const p of payees) {
    if (excluded.has(p.id)) continue;
    if (p.transfer_acct) {
      const account = open.get(p.transfer_acct);
      if (!showTransfers || !account || p.transfer_acct === excludeAccount) continue;
      transfers.push({
        id: p.id,
        label: account.name,
        group: 'Transfer To/From',
        transferAccount: account.id,
      });
    } else if (!transferMode) {
      regular.push({ id: p.id, label: p.name, group: 'Payees' });
    }
  }
  const query = typed ? text : '';
  const matched = filterItems([...regular.sort(byLabel), ...transfers.sort(byLabel)], query);
  const items = matched.slice(0, limit);
  const creating = typed && text !== '' && !transferMode && options.create !== false;
  const name = checkPayeeName(text);
  const exists = name.ok && payees.some((p) => !p.transfer_acct && p.name === name.name);
  if (creating && name.ok && !exists) {
    items.unshift({ id: `new:${name.name}`, label: name.name, special: 'create' });
  }
  return {
    items,
    footer: matched.length > limit ? MORE_PAYEES : undefined,
    highlight: highlightOf(items, typed, value, text),
    ...(creating && !name.ok ? { refusal: name.message } : {}),
  };
}

const byLabel = (a: AcItem, b: AcItem) =>
  a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });

export interface CategoryGroupLike {
  id: string;
  name: string;
  is_income?: number | boolean;
  hidden?: number | boolean;
  categories?: Array<{ id: string; name: string; hidden?: number | boolean }>;
}

export interface CategoryOptions {
  /** Offer 'Split Transaction' at the top (the register). */
  showSplit?: boolean;
  /** Leave out income categories (e.g. a budget transfer between expense categories). */
  expenseOnly?: boolean;
  /** Leave out these ids (the category being moved from). */
  exclude?: readonly string[];
  /** Offer hidden categories too (they are left out unless one is the current value). */
  showHidden?: boolean;
}

/** Category suggestions: existing categories under their groups, and 'Split Transaction'. */
export function categorySuggestions(
  groups: readonly CategoryGroupLike[],
  text: string,
  typed: boolean,
  value: string | null,
  options: CategoryOptions = {},
): Suggestions {
  const all: AcItem[] = [];
  for (const g of groups) {
    if (options.expenseOnly && g.is_income) continue;
    for (const c of g.categories ?? []) {
      if (options.exclude?.includes(c.id)) continue;
      const hidden = Boolean(c.hidden) || Boolean(g.hidden);
      if (hidden && !options.showHidden && c.id !== value) continue;
      all.push({ id: c.id, label: c.name, group: g.name });
    }
  }
  const items = filterItems(all, typed ? text : '');
  if (options.showSplit && (!typed || matchRank('Split Transaction', text) >= 0)) {
    items.unshift({ id: 'split', label: 'Split Transaction', special: 'split' });
  }
  return { items, highlight: highlightOf(items, typed, value, text) };
}

/** Account suggestions: open accounts, For budget then Off budget. */
export function accountSuggestions(
  accounts: readonly AccountLike[],
  text: string,
  typed: boolean,
  value: string | null,
  options: { exclude?: readonly string[]; includeClosed?: boolean } = {},
): Suggestions {
  const usable = accounts.filter(
    (a) => (options.includeClosed || !a.closed) && !options.exclude?.includes(a.id),
  );
  const all: AcItem[] = [
    ...usable
      .filter((a) => !a.offbudget)
      .map((a) => ({ id: a.id, label: a.name, group: 'For budget' })),
    ...usable
      .filter((a) => a.offbudget)
      .map((a) => ({ id: a.id, label: a.name, group: 'Off budget' })),
  ];
  const items = filterItems(all, typed ? text : '');
  return { items, highlight: highlightOf(items, typed, value, text) };
}

/**
 * Suggestions from a plain list (a country, a bank): filtered and highlighted as the pickers
 * above are, for any `Autocomplete` over a fixed set of items.
 */
export function listSuggestions(
  all: readonly AcItem[],
  text: string,
  typed: boolean,
  value: string | null,
): Suggestions {
  const items = filterItems(all, typed ? text : '');
  return { items, highlight: highlightOf(items, typed, value, text) };
}

export interface TagLike {
  tag: string;
  hidden?: boolean;
}

/**
 * Tag suggestions (the filter's tag picker, `#` in notes): the recorded tags as `#name` (ids
 * are the names), matched on the text with or without its `#`, hidden ones only when asked
 * for; with `create`, a name no tag has yet comes first as a new tag (`new:{name}`), or the
 * reason it cannot be one.
 */
export function tagSuggestions(
  tags: readonly TagLike[],
  text: string,
  typed: boolean,
  value: string | null,
  options: { create?: boolean; showHidden?: boolean; limit?: number } = {},
): Suggestions {
  const name = text.trim().replace(/^#/, '');
  const all = tags
    .filter((t) => options.showHidden || !t.hidden || t.tag === value)
    .map((t) => ({ id: t.tag, label: `#${t.tag}` }));
  const query = typed && name !== '' ? `#${name}` : '';
  const items = filterItems(all, query).slice(0, options.limit ?? PAYEE_LIMIT);
  if (!options.create || !typed || name === '') {
    return { items, highlight: highlightOf(items, typed, value, query) };
  }
  const check = checkTagName(name);
  if (!check.ok)
    return { items, highlight: highlightOf(items, typed, value, query), refusal: check.message };
  if (!tags.some((t) => t.tag === check.name)) {
    items.push({ id: `new:${check.name}`, label: `#${check.name}`, special: 'create-tag' });
  }
  // The tags that exist come first; the text's own name when it is one, else the first.
  const exact = items.findIndex((i) => !i.special && i.id === check.name);
  return { items, highlight: exact >= 0 ? exact : 0 };
}
