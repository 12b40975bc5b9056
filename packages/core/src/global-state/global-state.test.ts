import { describe, expect, it } from 'vitest';
import { createTestPlatform } from '../db/test-helpers/test-platform.ts';
import { memoryFileSystem } from '../files/test-helpers/memory-fs.ts';
import { GlobalState } from './global-state.ts';

describe('GlobalState', () => {
  it('persists entries as JSON and reads them back', async () => {
    const fs = memoryFileSystem();
    const { log } = createTestPlatform();
    const state = await GlobalState.load(fs, '/data/global-store.json', log);
    expect(state.get('server-url')).toBeUndefined();
    await state.set({ 'server-url': 'https://budget.example', 'user-token': 't1' });
    await state.set({ 'encrypt-keys': { f1: { id: 'k', base64: 'AAAA' } } });
    const again = await GlobalState.load(fs, '/data/global-store.json', log);
    expect(again.snapshot()).toEqual({
      'server-url': 'https://budget.example',
      'user-token': 't1',
      'encrypt-keys': { f1: { id: 'k', base64: 'AAAA' } },
    });
    await again.remove(['user-token', 'encrypt-keys']);
    await again.set({ lastBudget: undefined, readOnly: true });
    const third = await GlobalState.load(fs, '/data/global-store.json', log);
    expect(third.snapshot()).toEqual({ 'server-url': 'https://budget.example', readOnly: true });
  });

  it('starts empty (with a warning) from a corrupt file, and writes in call order', async () => {
    const fs = memoryFileSystem();
    const platform = createTestPlatform();
    await fs.writeFile('/g.json', '{"server-url": ');
    const state = await GlobalState.load(fs, '/g.json', platform.log);
    expect(state.snapshot()).toEqual({});
    expect(platform.warnings.length).toBe(1);
    await Promise.all([1, 2, 3, 4, 5].map((n) => state.set({ 'max-months': n })));
    expect(JSON.parse(await fs.readText('/g.json'))).toEqual({ 'max-months': 5 });
  });

  it('in memory: keeps entries for the session and writes no file', async () => {
    const platform = createTestPlatform();
    const state = GlobalState.memory(platform.log, { 'server-url': 'https://a.example' });
    await state.set({ 'user-token': 't' });
    await state.remove(['server-url']);
    expect(state.snapshot()).toEqual({ 'user-token': 't' });
    expect(state.path).toBeNull();
    expect(platform.warnings).toEqual([]);
  });
});
