import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StoreContext } from '../../app/context.ts';
import { type AppState, AppStore } from '../../app/store.ts';
import { RELEASE_NOTES_URL } from '../../app/version.ts';
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

describe('Settings → About', () => {
  it('reads up to date while the update check found nothing newer', () => {
    const html = render({ serverVersion: '23.8.1' });
    expect(html).toContain('Client version: v23.8.1');
    expect(html).toContain('Server version: v23.8.1');
    expect(html).toContain('You’re up to date!');
    expect(html).not.toContain('New version available');
    expect(html).toContain(`href="${RELEASE_NOTES_URL}"`);
  });

  it('names the newer release, linked to its notes, once the check found one', () => {
    const html = render({ latestVersion: '23.10.0' });
    expect(html).toContain('Server version: N/A');
    expect(html).toMatch(/New version available: <a href="[^"]+"[^>]*>23\.10\.0<\/a>/);
    expect(html).not.toContain('up to date');
  });
});
