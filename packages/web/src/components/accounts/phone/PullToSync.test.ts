import { describe, expect, it } from 'vitest';
import { PULL_TO_SYNC, pullText } from './PullToSync.tsx';

describe('pull to sync, what its strip says', () => {
  it('while pulling: what letting go will do', () => {
    expect(pullText(10, 'idle', true)).toBe('Pull to sync');
    expect(pullText(PULL_TO_SYNC, 'idle', true)).toBe('Release to sync');
    expect(pullText(PULL_TO_SYNC, 'idle', false)).toBe('Sync is off for this budget');
  });

  it('after: the sync’s state, and nothing once it is done', () => {
    expect(pullText(0, 'syncing', true)).toBe('Syncing');
    expect(pullText(0, 'offline', true)).toBe('Offline');
    expect(pullText(0, 'error', true)).toBe('Could not sync');
    expect(pullText(0, 'idle', true)).toBe('');
  });
});
