import { describe, expect, it } from 'vitest';
import {
  LINK_PROGRESS_TTL_MS,
  linkPageView,
  type LinkProgress,
  readLinkProgress,
} from './link-progress.ts';

const NOW = 1_800_000_000_000;
const none = { error: null, details: null };
const waiting: LinkProgress = { state: 'waiting', provider: 'GoCardless', at: NOW };

describe('the bank-link page', () => {
  it('claims nothing when no link is in progress, whatever the address says', () => {
    expect(linkPageView(null, none)).toEqual({ kind: 'none' });
    expect(linkPageView(null, { error: 'UserCancelledSession', details: null })).toEqual({
      kind: 'none',
    });
  });

  it('waits, then says linked or failed, for a link in progress', () => {
    expect(linkPageView(waiting, none)).toEqual({ kind: 'waiting', provider: 'GoCardless' });
    expect(linkPageView({ ...waiting, state: 'linked' }, none)).toEqual({
      kind: 'linked',
      provider: 'GoCardless',
    });
    expect(linkPageView({ ...waiting, state: 'failed', error: 'Timed out.' }, none)).toEqual({
      kind: 'error',
      text: 'Timed out.',
      bank: false,
    });
  });

  it('shows the bank’s refusal, with its details first', () => {
    expect(
      linkPageView(waiting, { error: 'UserCancelledSession', details: 'User cancelled' }),
    ).toEqual({ kind: 'error', text: 'User cancelled', bank: true });
    expect(linkPageView(waiting, { error: 'UserCancelledSession', details: null })).toEqual({
      kind: 'error',
      text: 'UserCancelledSession',
      bank: true,
    });
  });
});

describe('readLinkProgress', () => {
  it('reads what a tab wrote', () => {
    expect(readLinkProgress(JSON.stringify(waiting), NOW + 1000)).toEqual(waiting);
  });

  it('ignores nothing, garbage, another shape and a stale mark', () => {
    expect(readLinkProgress(null, NOW)).toBeNull();
    expect(readLinkProgress('{', NOW)).toBeNull();
    expect(readLinkProgress('"waiting"', NOW)).toBeNull();
    expect(readLinkProgress(JSON.stringify({ ...waiting, state: 'done' }), NOW)).toBeNull();
    expect(readLinkProgress(JSON.stringify(waiting), NOW + LINK_PROGRESS_TTL_MS + 1)).toBeNull();
  });
});
