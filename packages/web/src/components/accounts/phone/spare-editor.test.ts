import { describe, expect, it } from 'vitest';
import { newEditorSearch, SpareEditor } from './spare-editor.ts';

describe('the new editor made ahead', () => {
  it('is shown once, for the account and day it was made for', () => {
    const spares = new SpareEditor();
    const accounts = [{ id: 'a1' }];
    expect(spares.fits('?account=a1', '2026-11-30')).toBe(false);
    spares.make('?account=a1', '2026-11-30', accounts);
    // Another account's Add, or the next day, mounts an editor of its own.
    expect(spares.fits('?account=a2', '2026-11-30')).toBe(false);
    expect(spares.fits('?account=a1', '2026-12-01')).toBe(false);
    expect(spares.fits('?account=a1', '2026-11-30')).toBe(true);
    expect(spares.holds('?account=a1', accounts)).toBe(true);
    // A new account list: the default account may differ, so another is made.
    expect(spares.holds('?account=a1', [...accounts])).toBe(false);
    const made = spares.current().spare!.id;
    spares.show();
    expect(spares.current().shown).toBe(made);
    // Used: not shown again, and a fresh one is wanted.
    expect(spares.fits('?account=a1', '2026-11-30')).toBe(false);
    expect(spares.holds('?account=a1', accounts)).toBe(false);
    spares.make('?account=a1', '2026-11-30', accounts);
    expect(spares.current()).toEqual({
      spare: expect.objectContaining({ id: made + 1 }),
      shown: null,
    });
  });

  it('tells its listeners of each change', () => {
    const spares = new SpareEditor();
    let told = 0;
    const stop = spares.subscribe(() => (told += 1));
    spares.make('', '2026-11-30', []);
    spares.show();
    // Shown already: nothing changes.
    spares.show();
    stop();
    spares.make('', '2026-11-30', []);
    expect(told).toBe(2);
  });

  it("opens in the account of the page's Add transaction", () => {
    expect(newEditorSearch('/accounts/abc')).toBe('?account=abc');
    expect(newEditorSearch('/accounts/budgeted')).toBe('');
    expect(newEditorSearch('/accounts')).toBe('');
    expect(newEditorSearch('/budget')).toBe('');
  });
});
