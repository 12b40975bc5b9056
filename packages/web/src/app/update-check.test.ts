import { describe, expect, it } from 'vitest';
import type { Backend } from '../backend/backend.ts';
import { AppStore } from './store.ts';
import { announceNewVersion, checkServedVersion } from './update-check.ts';
import { RELEASE_TAGS_URL, SERVED_VERSION_URL } from './version.ts';

const idle: Backend = {
  send: () => new Promise(() => {}),
  listen: () => () => {},
};

/** A fetch answering from a table of URLs; every URL asked is recorded. */
function fakeFetch(answers: Record<string, () => Promise<Response>>) {
  const asked: string[] = [];
  const fetchFn = (url: string) => {
    asked.push(url);
    const answer = answers[url];
    return answer ? answer() : Promise.reject(new TypeError('Failed to fetch'));
  };
  return { asked, fetchFn };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
const online = () => true;

describe('the new-version check', () => {
  it('stores a newer release and announces it once, with its changelog button', async () => {
    const store = new AppStore(idle);
    const { fetchFn } = fakeFetch({
      [RELEASE_TAGS_URL]: json([{ name: 'v23.10.0' }, { name: 'v23.8.1' }, { name: 'edge' }]),
    });
    await announceNewVersion(store, fetchFn, online);
    expect(store.get().latestVersion).toBe('23.10.0');
    const [notice] = store.get().notifications;
    expect(notice?.title).toBe('A new version of Coffer is available!');
    expect(notice?.sticky).toBe(true);
    expect(notice?.button?.title).toBe('Open changelog');
  });

  it('announces a release once when asked again (the connection came back)', async () => {
    const store = new AppStore(idle);
    const { asked, fetchFn } = fakeFetch({ [RELEASE_TAGS_URL]: json([{ name: 'v23.10.0' }]) });
    await announceNewVersion(store, fetchFn, online);
    await announceNewVersion(store, fetchFn, online);
    expect(asked).toEqual([RELEASE_TAGS_URL, RELEASE_TAGS_URL]);
    expect(store.get().notifications).toHaveLength(1);
  });

  it('says nothing when the newest tag is this version', async () => {
    const store = new AppStore(idle);
    const { fetchFn } = fakeFetch({ [RELEASE_TAGS_URL]: json([{ name: 'v23.8.1' }]) });
    await announceNewVersion(store, fetchFn, online);
    expect(store.get().latestVersion).toBeNull();
    expect(store.get().notifications).toEqual([]);
  });

  it('asks nothing while the browser is offline', async () => {
    const store = new AppStore(idle);
    const { asked, fetchFn } = fakeFetch({});
    await announceNewVersion(store, fetchFn, () => false);
    await checkServedVersion(store, fetchFn, () => false);
    expect(asked).toEqual([]);
  });

  it('fails silently: a network error, a refusal or a body that is not JSON', async () => {
    for (const answer of [
      undefined,
      json({ message: 'API rate limit exceeded' }, 403),
      () => Promise.resolve(new Response('<html>', { status: 200 })),
    ]) {
      const store = new AppStore(idle);
      const { asked, fetchFn } = fakeFetch(answer ? { [RELEASE_TAGS_URL]: answer } : {});
      await expect(announceNewVersion(store, fetchFn, online)).resolves.toBeUndefined();
      expect(asked).toEqual([RELEASE_TAGS_URL]);
      expect(store.get().latestVersion).toBeNull();
      expect(store.get().notifications).toEqual([]);
    }
  });

  it('raises the update banner only when the origin serves another version', async () => {
    const store = new AppStore(idle);
    await checkServedVersion(
      store,
      fakeFetch({ [SERVED_VERSION_URL]: json({ version: '23.8.1' }) }).fetchFn,
      online,
    );
    expect(store.get().appUpdatedTo).toBeNull();
    await checkServedVersion(
      store,
      fakeFetch({ [SERVED_VERSION_URL]: json({ version: '23.9.0' }) }).fetchFn,
      online,
    );
    expect(store.get().appUpdatedTo).toBe('23.9.0');
  });
});
