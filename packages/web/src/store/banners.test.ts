import { describe, expect, it } from 'vitest';
import {
  ALL_ACCOUNTS,
  isNewerVersion,
  latestReleaseFromTags,
  mobileNoticeCookie,
  mobileNoticeSnoozed,
  syncingBannerText,
} from './banners.ts';

describe('syncing banner', () => {
  const accounts = [{ id: 'a1', name: 'Checking' }];
  it('names the account, or says accounts for all of them', () => {
    expect(syncingBannerText(null, accounts)).toBeNull();
    expect(syncingBannerText(ALL_ACCOUNTS, accounts)).toBe('Syncing accounts');
    expect(syncingBannerText('a1', accounts)).toBe('Syncing Checking');
    expect(syncingBannerText('gone', accounts)).toBe('Syncing accounts');
  });
});

describe('mobile notice cookie', () => {
  it('lasts five minutes and is found among other cookies', () => {
    expect(mobileNoticeCookie()).toMatch(/max-age=300;/);
    const pair = mobileNoticeCookie().split(';')[0]!;
    expect(mobileNoticeSnoozed(`a=1; ${pair}; b=2`)).toBe(true);
    expect(mobileNoticeSnoozed('a=1; b=2')).toBe(false);
    expect(mobileNoticeSnoozed('')).toBe(false);
  });
});

describe('versions', () => {
  it('compares x.y.z numerically', () => {
    expect(isNewerVersion('23.10.0', '23.8.1')).toBe(true);
    expect(isNewerVersion('v23.8.2', '23.8.1')).toBe(true);
    expect(isNewerVersion('23.8.1', '23.8.1')).toBe(false);
    expect(isNewerVersion('22.12.9', '23.8.1')).toBe(false);
    expect(isNewerVersion('nightly', '23.8.1')).toBe(false);
  });
  it('finds the latest release among tags, skipping other tags', () => {
    const tags = [{ name: 'v23.9.0' }, { name: 'v23.10.1' }, { name: 'edge' }, { name: 'v9.0.0' }];
    expect(latestReleaseFromTags(tags)).toBe('23.10.1');
    expect(latestReleaseFromTags([{ name: 'x' }])).toBeNull();
    expect(latestReleaseFromTags({ message: 'rate limited' })).toBeNull();
  });
});
