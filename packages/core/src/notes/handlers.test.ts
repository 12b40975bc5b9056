import { describe, expect, it } from 'vitest';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';

describe('notes', () => {
  it('saves, replaces and reads a note by entity id; undo restores the previous text', async () => {
    const f = await openAppCore();
    const id = f.category('Groceries');
    expect(await f.core.send('notes-get', { id })).toBeNull();
    await f.core.send('notes-save', { id, note: 'weekly shop' });
    await f.core.send('notes-save', { id, note: '#template 400' });
    expect(await f.core.send('notes-get', { id })).toBe('#template 400');
    await f.core.send('undo');
    expect(await f.core.send('notes-get', { id })).toBe('weekly shop');
    await f.core.send('undo');
    expect(await f.core.send('notes-get', { id })).toBeNull();
    expect(await f.core.sendUnknown('notes-save', { id, note: 5 })).toMatchObject({
      error: { type: 'APIError' },
    });
  });
});
