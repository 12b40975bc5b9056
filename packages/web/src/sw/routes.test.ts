import { describe, expect, it } from 'vitest';
import { routeOf } from './routes.ts';

const origin = 'https://coffer.example';
const precached = new Set(['/index.html', '/assets/index-Bx3k_9aZ.js', '/manifest.webmanifest']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: origin + path });

describe('the service worker routes', () => {
  it('answers app pages with the shell, precached files from the cache', () => {
    expect(routeOf(get('/', 'navigate'), origin, precached)).toBe('shell');
    expect(routeOf(get('/accounts/abc?x=1', 'navigate'), origin, precached)).toBe('shell');
    expect(routeOf(get('/index.html', 'navigate'), origin, precached)).toBe('shell');
    expect(routeOf(get('/assets/index-Bx3k_9aZ.js'), origin, precached)).toBe('precached');
    expect(routeOf(get('/manifest.webmanifest'), origin, precached)).toBe('precached');
  });

  it('leaves the server, other origins, writes and unknown files to the network', () => {
    expect(routeOf(get('/sync/sync'), origin, precached)).toBe('network');
    expect(routeOf(get('/gocardless/link', 'navigate'), origin, precached)).toBe('network');
    // The bank sends the browser back to the server's own callback page, never the app shell.
    expect(
      routeOf(get('/enablebanking/auth_callback?state=s', 'navigate'), origin, precached),
    ).toBe('network');
    expect(routeOf(get('/account/login', 'navigate'), origin, precached)).toBe('network');
    expect(routeOf(get('/version.json'), origin, precached)).toBe('network');
    expect(routeOf(get('/assets/other-C4kd93jd.js'), origin, precached)).toBe('network');
    expect(routeOf(get('/export.zip', 'navigate'), origin, precached)).toBe('network');
    const elsewhere = { method: 'GET', mode: 'navigate', url: 'https://api.github.com/' };
    expect(routeOf(elsewhere, origin, precached)).toBe('network');
    const post = { method: 'POST', mode: 'cors', url: origin + '/assets/index-Bx3k_9aZ.js' };
    expect(routeOf(post, origin, precached)).toBe('network');
  });
});
