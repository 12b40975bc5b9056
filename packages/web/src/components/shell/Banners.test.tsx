import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StoreContext } from '../../store/context.ts';
import { type AppState, AppStore } from '../../store/store.ts';
import type { Backend } from '../../backend/backend.ts';
import { ALL_ACCOUNTS } from '../../store/banners.ts';
import { DemoBanner, SyncingBanner, UpdateBanner } from './Banners.tsx';
import { accountRow } from '../../test-helpers/rows.ts';

// Rendering only reads the store; no request is made.
const idle: Backend = {
  send: () => new Promise(() => {}),
  listen: () => () => {},
};

function render(node: React.ReactNode, state: Partial<AppState> = {}): string {
  const store = new AppStore(idle, state);
  return renderToStaticMarkup(<StoreContext.Provider value={store}>{node}</StoreContext.Provider>);
}

describe('shell banners', () => {
  it('shows the demo banner with its pull request link only in a demo build', () => {
    const html = render(<DemoBanner prUrl="https://example.org/pull/42" />);
    expect(html).toContain('This is a demo build of Coffer.');
    expect(html).toContain('href="https://example.org/pull/42"');
    expect(render(<DemoBanner prUrl={null} />)).toBe('');
  });

  it('names the syncing account, or all accounts, while a bank sync runs', () => {
    const accounts = [accountRow({ id: 'a1', name: 'Checking' })];
    expect(render(<SyncingBanner />, { accounts })).toBe('');
    expect(render(<SyncingBanner />, { accounts, accountsSyncing: 'a1' })).toContain(
      'Syncing Checking',
    );
    expect(render(<SyncingBanner />, { accounts, accountsSyncing: ALL_ACCOUNTS })).toContain(
      'Syncing accounts',
    );
  });

  it('offers a restart and the release notes when a newer build is served', () => {
    expect(render(<UpdateBanner />)).toBe('');
    const html = render(<UpdateBanner />, { appUpdatedTo: '23.9.0' });
    expect(html).toContain('App updated to 23.9.0');
    expect(html).toContain('>Restart</button>');
    expect(html).toContain('>Release notes</a>');
    expect(html).toContain('aria-label="Close"');
  });

  it('steps aside once the service worker’s notification offers the new build', () => {
    const html = render(<UpdateBanner />, { appUpdatedTo: '23.9.0', newVersionReady: true });
    expect(html).toBe('');
  });
});
