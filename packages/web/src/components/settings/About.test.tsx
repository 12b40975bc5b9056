import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StoreContext } from '../../store/context.ts';
import { type AppState, AppStore } from '../../store/store.ts';
import { RELEASE_NOTES_URL } from '../../store/version.ts';
import type { Backend } from '../../backend/backend.ts';
import { About } from './About.tsx';

// Rendering only reads the store; no request is made.
const idle: Backend = {
  send: () => new Promise(() => {}),
  listen: () => () => {},
};

function render(state: Partial<AppState> = {}): string {
  const store = new AppStore(idle, state);
  return renderToStaticMarkup(
    <StoreContext.Provider value={store}>
      <About />
    </StoreContext.Provider>,
  );
}

const allowed = { globalPrefs: { updateCheck: true } };

describe('Settings → About', () => {
  it('says the release check is off until the person turns it on', () => {
    for (const updateCheck of [undefined, null, false]) {
      const html = render({ serverVersion: '23.8.1', globalPrefs: { updateCheck } });
      expect(html).toContain('Client version: v23.8.1');
      expect(html).toContain('Server version: v23.8.1');
      expect(html).toContain('Coffer does not check for new versions.');
      expect(html).not.toContain('up to date');
      expect(html).toMatch(/<input type="checkbox"\/>Check for new versions/);
      expect(html).toContain(`href="${RELEASE_NOTES_URL}"`);
    }
  });

  it('reads up to date only after a check found nothing newer', () => {
    expect(render({ ...allowed, updateStatus: 'idle' })).toContain('Not checked yet.');
    expect(render({ ...allowed, updateStatus: 'checking' })).toContain('Checking for new versions');
    const html = render({ ...allowed, updateStatus: 'current' });
    expect(html).toContain('You’re up to date!');
    expect(html).toMatch(/<input type="checkbox" checked=""\/>Check for new versions/);
    expect(html).not.toContain('New version available');
  });

  it('says so when it could not check, and offers to try again', () => {
    const html = render({ ...allowed, updateStatus: 'failed' });
    expect(html).toContain('Couldn’t check for new versions. Check your connection and try again.');
    expect(html).toContain('Check again');
    expect(html).not.toContain('up to date');
  });

  it('names the newer release, linked to its notes, once the check found one', () => {
    const html = render({ ...allowed, updateStatus: 'newer', latestVersion: '23.10.0' });
    expect(html).toContain('Server version: N/A');
    expect(html).toMatch(/New version available: <a href="[^"]+"[^>]*>23\.10\.0<\/a>/);
    expect(html).not.toContain('up to date');
  });
});
