import { describe, expect, it } from 'vitest';
import { isServerPath } from './server-paths.ts';

describe('isServerPath', () => {
  it('takes a prefix and the paths below it, not a longer word that starts the same', () => {
    expect(isServerPath('/sync')).toBe(true);
    expect(isServerPath('/sync/sync')).toBe(true);
    expect(isServerPath('/openid/callback')).toBe(true);
    expect(isServerPath('/syncing')).toBe(false);
    expect(isServerPath('/accounts')).toBe(false);
    expect(isServerPath('/budget')).toBe(false);
    expect(isServerPath('/')).toBe(false);
  });
});
