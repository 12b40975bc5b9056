import { PAYEE_NAME_SPACES } from '@coffer/core/ui';
import { describe, expect, it } from 'vitest';
import {
  accountSuggestions,
  categorySuggestions,
  filterItems,
  listSuggestions,
  matchRank,
  MORE_PAYEES,
  payeeSuggestions,
  tagSuggestions,
} from './autocomplete-logic.ts';

const accounts = [
  { id: 'a1', name: 'Checking', offbudget: 0, closed: 0 },
  { id: 'a2', name: 'Savings', offbudget: 1, closed: 0 },
  { id: 'a3', name: 'Old card', offbudget: 0, closed: 1 },
];
const payees = [
  { id: 'p1', name: 'Kroger' },
  { id: 'p2', name: 'Krog' },
  { id: 'p3', name: 'Big Kroger Market' },
  { id: 'p4', name: 'Café Rouge' },
  { id: 't1', name: '', transfer_acct: 'a1' },
  { id: 't2', name: '', transfer_acct: 'a2' },
  { id: 't3', name: '', transfer_acct: 'a3' },
];

describe('matching', () => {
  it('ranks exact, prefix, word prefix and anywhere, ignoring case and accents', () => {
    expect(matchRank('Kroger', 'kroger')).toBe(0);
    expect(matchRank('Kroger', 'kro')).toBe(1);
    expect(matchRank('Big Kroger', 'kro')).toBe(2);
    expect(matchRank('Mikrosoft', 'kro')).toBe(3);
    expect(matchRank('Café', 'cafe')).toBe(0);
    expect(matchRank('Tesco', 'kro')).toBe(-1);
  });

  it('orders within each group and keeps the groups in order', () => {
    const items = [
      { id: '1', label: 'Groceries abc', group: 'A' },
      { id: '2', label: 'abc', group: 'A' },
      { id: '3', label: 'abcd', group: 'B' },
    ];
    expect(filterItems(items, 'abc').map((i) => i.id)).toEqual(['2', '1', '3']);
  });
});

describe('payeeSuggestions', () => {
  it('puts exact then prefix matches first and highlights the first match after typing', () => {
    const s = payeeSuggestions(payees, accounts, 'krog', true, null);
    expect(s.items.map((i) => i.label)).toEqual(['krog', 'Krog', 'Kroger', 'Big Kroger Market']);
    expect(s.items[0]).toMatchObject({ special: 'create', id: 'new:krog' });
    expect(s.items[s.highlight]!.id).toBe('p2');
  });

  it('offers no Create Payee for spaces alone, and says why (the shared check)', () => {
    const s = payeeSuggestions(payees, accounts, '   ', true, null);
    expect(s.items.some((i) => i.special === 'create')).toBe(false);
    expect(s.refusal).toBe(PAYEE_NAME_SPACES);
    // Nothing typed is no refusal: the list just opens.
    expect(payeeSuggestions(payees, accounts, '', true, null).refusal).toBeUndefined();
    // Where no payee may be created, there is nothing to refuse.
    expect(
      payeeSuggestions(payees, accounts, '  ', true, null, { create: false }).refusal,
    ).toBeUndefined();
    expect(payeeSuggestions(payees, accounts, ' kro ', true, null).refusal).toBeUndefined();
  });

  it('leaves out excluded payees, and Create Payee when asked to', () => {
    const s = payeeSuggestions(payees, accounts, 'krog', true, null, {
      exclude: ['p2', 't1'],
      create: false,
    });
    expect(s.items.map((i) => i.id)).toEqual(['p1', 'p3']);
    expect(s.items[s.highlight]!.id).toBe('p1');
    const all = payeeSuggestions(payees, accounts, '', false, null, { exclude: ['t1'] });
    expect(all.items.map((i) => i.id)).not.toContain('t1');
    expect(all.items.map((i) => i.id)).toContain('t2');
  });

  it("offers 'Create Payee' unless the text equals a non-transfer payee, trimmed", () => {
    expect(payeeSuggestions(payees, accounts, 'Kroger', true, null).items[0]!.special).toBe(
      undefined,
    );
    const created = payeeSuggestions(payees, accounts, '  New shop ', true, null);
    expect(created.items[0]).toMatchObject({ id: 'new:New shop', special: 'create' });
    expect(created.items[created.highlight]!.id).toBe('new:New shop');
    // A transfer payee's account name does not stop a payee of that name being created.
    expect(payeeSuggestions(payees, accounts, 'Savings', true, null).items[0]!.special).toBe(
      'create',
    );
    expect(payeeSuggestions(payees, accounts, '', true, null).items[0]!.special).toBeUndefined();
  });

  it('names transfer payees by their open accounts, not the account itself, apart from payees', () => {
    const s = payeeSuggestions(payees, accounts, '', false, 'p1', { excludeAccount: 'a2' });
    expect(s.items.map((i) => `${i.group}:${i.label}`)).toEqual([
      'Payees:Big Kroger Market',
      'Payees:Café Rouge',
      'Payees:Krog',
      'Payees:Kroger',
      'Transfer To/From:Checking',
    ]);
    expect(s.items[s.highlight]!.id).toBe('p1');
    const transfers = payeeSuggestions(payees, accounts, 'x', true, null, { transferMode: true });
    expect(transfers.items).toEqual([]);
    expect(
      payeeSuggestions(payees, accounts, '', false, null, { showTransfers: false }).items,
    ).toHaveLength(4);
  });

  it('stops at 100 suggestions with the footer, and searching finds the rest', () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      id: `m${i}`,
      name: `Shop ${String(i).padStart(3, '0')}`,
    }));
    const all = payeeSuggestions(many, [], '', false, null);
    expect(all.items).toHaveLength(100);
    expect(all.footer).toBe(MORE_PAYEES);
    const found = payeeSuggestions(many, [], 'Shop 149', true, null);
    expect(found.items.map((i) => i.id)).toEqual(['m149']);
    expect(found.footer).toBeUndefined();
  });
});

describe('categorySuggestions and accountSuggestions', () => {
  const groups = [
    {
      id: 'g1',
      name: 'Bills',
      categories: [
        { id: 'c1', name: 'Rent' },
        { id: 'c2', name: 'Old', hidden: 1 },
      ],
    },
    { id: 'g2', name: 'Income', is_income: 1, categories: [{ id: 'c3', name: 'Salary' }] },
  ];

  it('offers existing categories by group, hidden ones only when chosen, and the split item', () => {
    const s = categorySuggestions(groups, '', false, 'c3', { showSplit: true });
    expect(s.items.map((i) => i.id)).toEqual(['split', 'c1', 'c3']);
    expect(s.highlight).toBe(2);
    expect(categorySuggestions(groups, '', false, 'c2').items.map((i) => i.id)).toContain('c2');
    expect(categorySuggestions(groups, 'sal', true, null, { expenseOnly: true }).items).toEqual([]);
    expect(categorySuggestions(groups, 'rent', true, null, { showSplit: true }).items[0]!.id).toBe(
      'c1',
    );
  });

  it('highlights a typed exact name in a later group over prefix matches before it', () => {
    // Found at 10k–1M in the register bench: 'Extra 5' typed, Enter took 'Extra 58'.
    const extra = [
      { id: 'g1', name: 'Usual', categories: [{ id: 'c58', name: 'Extra 58' }, { id: 'c50', name: 'Extra 50' }] }, // prettier-ignore
      { id: 'g2', name: 'Savings', categories: [{ id: 'c5', name: 'Extra 5' }, { id: 'c59', name: 'Extra 59' }] }, // prettier-ignore
    ];
    const s = categorySuggestions(extra, 'extra 5 ', true, 'c58', { showSplit: true });
    // Shown by group as before; Enter takes the exact name.
    expect(s.items.map((i) => i.id)).toEqual(['c58', 'c50', 'c5', 'c59']);
    expect(s.items[s.highlight]!.id).toBe('c5');
    const prefix = categorySuggestions(extra, 'Extra', true, null);
    expect(prefix.items[prefix.highlight]!.id).toBe('c58');
  });

  it('offers open accounts, on budget first', () => {
    const s = accountSuggestions(accounts, '', false, null);
    expect(s.items.map((i) => `${i.group}:${i.label}`)).toEqual([
      'For budget:Checking',
      'Off budget:Savings',
    ]);
    expect(s.highlight).toBe(-1);
    expect(accountSuggestions(accounts, 'sav', true, null).highlight).toBe(0);
  });

  it('filters a plain list, highlighting the value before typing and the first match after', () => {
    const countries = [
      { id: 'DE', label: 'Germany' },
      { id: 'GB', label: 'United Kingdom' },
      { id: 'GR', label: 'Greece' },
    ];
    expect(listSuggestions(countries, '', false, 'GB')).toEqual({ items: countries, highlight: 1 });
    const typed = listSuggestions(countries, 'g', true, 'GB');
    expect(typed.items.map((i) => i.id)).toEqual(['DE', 'GR', 'GB']);
    expect(typed.highlight).toBe(0);
    expect(listSuggestions(countries, 'zz', true, null)).toEqual({ items: [], highlight: -1 });
  });
});

describe('tag suggestions', () => {
  const tags = [{ tag: 'trip' }, { tag: 'trips' }, { tag: 'work', hidden: true }];
  const labels = (s: { items: { label: string; special?: string }[] }) =>
    s.items.map((i) => (i.special ? `${i.special}:${i.label}` : i.label));

  it('offers the tags that match, with or without the #, hidden ones only when asked', () => {
    expect(labels(tagSuggestions(tags, '', false, null))).toEqual(['#trip', '#trips']);
    expect(labels(tagSuggestions(tags, '#wo', true, null, { showHidden: true }))).toEqual([
      '#work',
    ]);
    expect(labels(tagSuggestions(tags, 'trip', true, null))).toEqual(['#trip', '#trips']);
  });

  it('offers a new tag after the ones that exist, or says why the name cannot be one', () => {
    const some = tagSuggestions(tags, 'tri', true, null, { create: true });
    expect(labels(some)).toEqual(['#trip', '#trips', 'create-tag:#tri']);
    expect(some.highlight).toBe(0);
    const exact = tagSuggestions(tags, 'trips', true, null, { create: true });
    expect(labels(exact)).toEqual(['#trips']);
    expect(exact.highlight).toBe(0);
    expect(tagSuggestions(tags, '...', true, null, { create: true }).refusal).toBe(
      'A tag name cannot be only punctuation',
    );
  });
});
