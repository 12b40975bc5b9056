import { describe, expect, it } from 'vitest';
import type { Backend } from '../backend/backend.ts';
import { AppStore } from './store.ts';
import { announceNewVersion, checkServedVersion, setUpdateCheck } from './update-check.ts';
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

/** A store whose person allowed the release check; saving prefs answers at once. */
function allowedStore(): AppStore {
  const saving: Backend = { send: () => Promise.resolve('ok' as never), listen: () => () => {} };
  return new AppStore(saving, { globalPrefs: { updateCheck: true } });
}

describe('the new-version check', () => {
  it('asks nothing before the person allows it', async () => {
    for (const updateCheck of [undefined, null, false]) {
      const store = new AppStore(idle, { globalPrefs: { updateCheck } });
      const { asked, fetchFn } = fakeFetch({ [RELEASE_TAGS_URL]: json([{ name: 'v99.0.0' }]) });
      await announceNewVersion(store, fetchFn, online);
      expect(asked).toEqual([]);
      expect(store.get().updateStatus).toBe('idle');
      expect(store.get().notifications).toEqual([]);
    }
  });

  it('stores a newer release and announces it once, with its changelog button', async () => {
    const store = allowedStore();
    const { fetchFn } = fakeFetch({
      [RELEASE_TAGS_URL]: json([{ name: 'v23.10.0' }, { name: 'v23.8.1' }, { name: 'edge' }]),
    });
    await announceNewVersion(store, fetchFn, online);
    expect(store.get().latestVersion).toBe('23.10.0');
    expect(store.get().updateStatus).toBe('newer');
    const [notice] = store.get().notifications;
    expect(notice?.title).toBe('A new version of Coffer is available!');
    expect(notice?.sticky).toBe(true);
    expect(notice?.button?.title).toBe('Open changelog');
  });

  it('announces a release once when asked again (the connection came back)', async () => {
    const store = allowedStore();
    const { asked, fetchFn } = fakeFetch({ [RELEASE_TAGS_URL]: json([{ name: 'v23.10.0' }]) });
    await announceNewVersion(store, fetchFn, online);
    await announceNewVersion(store, fetchFn, online);
    expect(asked).toEqual([RELEASE_TAGS_URL, RELEASE_TAGS_URL]);
    expect(store.get().notifications).toHaveLength(1);
  });

  it('is up to date only when the tags answered and none is newer', async () => {
    for (const tags of [[{ name: 'v23.8.1' }], []]) {
      const store = allowedStore();
      await announceNewVersion(
        store,
        fakeFetch({ [RELEASE_TAGS_URL]: json(tags) }).fetchFn,
        online,
      );
      expect(store.get().updateStatus).toBe('current');
      expect(store.get().latestVersion).toBeNull();
      expect(store.get().notifications).toEqual([]);
    }
  });

  it('offline it asks nothing and reads as failed, not as up to date', async () => {
    const store = allowedStore();
    const { asked, fetchFn } = fakeFetch({});
    await announceNewVersion(store, fetchFn, () => false);
    await checkServedVersion(store, fetchFn, () => false);
    expect(asked).toEqual([]);
    expect(store.get().updateStatus).toBe('failed');
  });

  it('reads as failed after a network error, a refusal or a body that is not a tag list', async () => {
    for (const answer of [
      undefined,
      json({ message: 'API rate limit exceeded' }, 403),
      json({ message: 'moved' }),
      () => Promise.resolve(new Response('<html>', { status: 200 })),
    ]) {
      const store = allowedStore();
      const { asked, fetchFn } = fakeFetch(answer ? { [RELEASE_TAGS_URL]: answer } : {});
      await expect(announceNewVersion(store, fetchFn, online)).resolves.toBeUndefined();
      expect(asked).toEqual([RELEASE_TAGS_URL]);
      expect(store.get().updateStatus).toBe('failed');
      expect(store.get().latestVersion).toBeNull();
      expect(store.get().notifications).toEqual([]);
    }
  });

  it('turning the setting on checks at once; off forgets what was found', async () => {
    const sent: Array<[string, unknown]> = [];
    const backend: Backend = {
      send: (name: string, args?: unknown) => {
        sent.push([name, args]);
        return Promise.resolve('ok' as never);
      },
      listen: () => () => {},
    };
    const store = new AppStore(backend);
    const { asked, fetchFn } = fakeFetch({ [RELEASE_TAGS_URL]: json([{ name: 'v23.9.0' }]) });
    await setUpdateCheck(store, true, fetchFn, online);
    expect(sent).toEqual([['save-global-prefs', { updateCheck: true }]]);
    expect(asked).toEqual([RELEASE_TAGS_URL]);
    expect(store.get().updateStatus).toBe('newer');
    await setUpdateCheck(store, false, fetchFn, online);
    expect(sent.at(-1)).toEqual(['save-global-prefs', { updateCheck: false }]);
    expect(asked).toHaveLength(1);
    expect(store.get()).toMatchObject({ updateStatus: 'idle', latestVersion: null });
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
