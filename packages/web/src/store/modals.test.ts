import { describe, expect, it } from 'vitest';
import { checkManageRules, modalEntry, modalsReducer } from './modals.ts';

const m = (name: string) => ({ name, options: {} });

describe('modalsReducer', () => {
  it('pushes, replaces the top, pops and clears', () => {
    let s = modalsReducer([], { type: 'push', modal: m('a') });
    s = modalsReducer(s, { type: 'push', modal: m('b') });
    s = modalsReducer(s, { type: 'replace', modal: m('c') });
    expect(s.map((x) => x.name)).toEqual(['a', 'c']);
    s = modalsReducer(s, { type: 'pop' });
    expect(s.map((x) => x.name)).toEqual(['a']);
    expect(modalsReducer(s, { type: 'clear' })).toEqual([]);
    const empty: never[] = [];
    expect(modalsReducer(empty, { type: 'pop' })).toBe(empty);
  });
  it('allows manage-rules only on payees or when allowlisted', () => {
    expect(checkManageRules('/payees', false)).toBeNull();
    expect(checkManageRules('/budget', true)).toBeNull();
    expect(checkManageRules('/budget', false)).toMatch(/cannot/);
  });
});

describe('modalEntry', () => {
  it('pairs a name with its props; a name not in the map, or wrong props, do not compile', () => {
    expect(modalEntry('rule-trace', { transactionId: 't1' })).toEqual({
      name: 'rule-trace',
      options: { transactionId: 't1' },
    });
    expect(modalEntry('add-account')).toEqual({ name: 'add-account', options: {} });
    // @ts-expect-error -- not a modal: typecheck fails if a plain string compiles here
    expect(modalEntry('no-such-modal', {}).name).toBe('no-such-modal');
    // @ts-expect-error -- rule-trace needs its transaction id
    expect(modalEntry('rule-trace').options).toEqual({});
  });
});
