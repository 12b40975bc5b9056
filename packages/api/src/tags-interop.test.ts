import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tagsInNotes } from '@coffer/core';
import {
  type RunningServer,
  cofferServerBuild,
  startActualServer,
  startCofferServer,
} from '../../core/src/files/test-helpers/servers.ts';
import { ApiClient } from './client.ts';
import {
  ACTUAL_CURRENT_RUNNER,
  bootstrapServer,
  runActualJob,
  tempDirs,
} from './test-helpers/actual-jobs.ts';
import { cellOf, openFile } from './test-helpers/replicas.ts';

/**
 * Tags shared with today's Actual (`actual-api-26`): a budget Coffer made (23.8.1, its tags in
 * Coffer's own table) syncs tags both ways through the server, and Coffer reads notes exactly
 * as Actual's own discovery does.
 */
const PASSWORD = 'server password';

const targets: Array<[string, () => Promise<RunningServer>]> = [
  ['@actual-app/sync-server 26', () => startActualServer({ current: true })],
];
if (cofferServerBuild()) targets.push(['the Coffer server', startCofferServer]);

const dirs = tempDirs('coffer-tags-interop');
let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
  dirs.removeAll();
});

interface TagOut {
  tag: string;
  color: string | null;
  description: string | null;
  hidden: boolean;
}
interface ActualOut {
  budgetId?: string;
  tags?: TagOut[];
  notes?: Array<{ id: string; notes: string }>;
  discovered?: string[];
}

/** Notes that probe the edges of Actual's reading: punctuation, `##`, case, `#` inside words. */
const NOTES = [
  'Flights #trip #work',
  'Hotel #trip, two nights',
  '##trip is no tag; #Trip is another',
  'gift#gift #a#b',
  'café #Noël\t#…',
];

describe.each(targets)('tags shared with today’s Actual, through %s', (_name, start) => {
  it('a tag made or recoloured in either app shows in the other, and notes read the same', async () => {
    const server = await start();
    cleanup.push(() => server.stop());
    await bootstrapServer(server.url, PASSWORD);
    const cofferDir = dirs.make('coffer');
    const job = { dataDir: dirs.make('actual'), serverURL: server.url, password: PASSWORD };
    const runActual = (steps: unknown[]) =>
      runActualJob<ActualOut>(ACTUAL_CURRENT_RUNNER, { ...job, steps }, dirs.make('job'));

    // Coffer makes the budget, tagged notes and one tag with a colour.
    const coffer = new ApiClient();
    cleanup.push(() => coffer.shutdown());
    await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
    const { id: cofferId } = (await coffer.lib.send('create-budget', {
      budgetName: 'Tags',
    })) as { id: string };
    const account = await coffer.methods.createAccount({ name: 'Joint' }, 0);
    await coffer.methods.addTransactions(
      account,
      NOTES.map((notes, i) => ({ date: `2024-03-0${i + 1}`, amount: -100 * (i + 1), notes })),
    );
    const trip = (await coffer.lib.send('tags-create', {
      tag: 'trip',
      color: '#112233',
    })) as string;
    await coffer.methods.sync();
    const { groupId } = (await coffer.lib.send('load-prefs')) as { groupId: string };

    // Actual sees Coffer's tag, discovers the rest, makes one and recolours Coffer's.
    const seen = runActual([{ op: 'download', syncId: groupId }, { op: 'tags' }]);
    expect(seen.tags).toEqual([
      { tag: 'trip', color: '#112233', description: null, hidden: false },
    ]);
    const changed = runActual([
      { op: 'download', syncId: groupId },
      { op: 'tagsDiscover' },
      {
        op: 'tags',
        create: [{ tag: 'gift', color: '#445566', description: 'Presents' }],
        update: [{ tag: 'trip', color: '#abcdef', hidden: true }],
      },
      { op: 'sync' },
    ]);
    // Coffer's parser finds exactly the names Actual's discovery found.
    const ours = new Set(changed.notes!.flatMap((t) => tagsInNotes(t.notes)));
    expect([...ours].sort()).toEqual(changed.discovered);
    expect([...ours].sort()).toEqual(
      ['Noël', 'Trip', 'a', 'b', 'gift', 'trip', 'work', 'trip,', '…'].sort(),
    );

    // Coffer sees Actual's tag and colour.
    await coffer.methods.sync();
    const list = (await coffer.lib.send('tags-get')) as Array<
      TagOut & { id: string; count: number }
    >;
    expect(list.find((t) => t.tag === 'gift')).toMatchObject({
      color: '#445566',
      description: 'Presents',
      hidden: false,
      count: 1,
    });
    expect(list.find((t) => t.tag === 'trip')).toMatchObject({
      id: trip,
      color: '#abcdef',
      hidden: true,
      count: 1,
    });

    // Coffer renames and recolours; Actual sees the name, the colour and the notes follow.
    expect(await coffer.lib.send('tags-rename', { id: trip, tag: 'travel' })).toEqual({
      id: trip,
      merged: false,
    });
    await coffer.methods.sync();
    const after = runActual([{ op: 'download', syncId: groupId }, { op: 'tags' }]);
    expect(after.tags!.find((t) => t.tag === 'travel')).toMatchObject({ color: '#abcdef' });
    expect(after.tags!.some((t) => t.tag === 'trip')).toBe(false);
    expect(after.notes!.map((t) => t.notes).sort()).toEqual(
      NOTES.map((n) => n.replace(/^Flights #trip/, 'Flights #travel')).sort(),
    );
    // Coffer's file never got a `tags` table a current Actual would make again.
    const cofferFile = join(cofferDir, cofferId, 'db.sqlite');
    expect(cellOf(cofferFile, 'tags', 'tag', trip)).toBe('travel');
    const file = openFile(cofferFile);
    expect(file.first("SELECT name FROM sqlite_master WHERE name = 'tags'")).toBeUndefined();
    file.close();
  }, 300_000);
});
