import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { q, tagsInNotes } from '@coffer/core';
// The kept sums' own check and a scan of the file (not part of the package's surface).
import { tagSumsAreCurrent } from '../../core/src/month-sums/tag-store.ts';
import { runQuery } from '../../core/src/query/exec.ts';
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
import { openFile } from './test-helpers/replicas.ts';

/**
 * The report by tag (issue 32) after today's Actual (`actual-api-26`) edits tagged notes: it
 * adds a `#tag` to one transaction's notes, takes one off another's and adds a transaction with
 * two tags, through the server; once Coffer has synced, its report by tag, read from the kept
 * sums by tag (current before the edit, kept in step by the sync), counts each change.
 */
const PASSWORD = 'server password';

const targets: Array<[string, () => Promise<RunningServer>]> = [
  ['@actual-app/sync-server 26', () => startActualServer({ current: true })],
];
// The Coffer server is tested once built (`npm run build`, as CI does before the tests).
if (cofferServerBuild()) targets.push(['the Coffer server', startCofferServer]);

const dirs = tempDirs('coffer-tag-report-interop');
let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
  dirs.removeAll();
});

type Row = Record<string, unknown>;

/** The whole of 2024 in months: a report the kept sums by tag answer. */
const YEAR = q('transactions')
  .filter({
    date: [
      { $transform: '$month', $gte: '2024-01' },
      { $transform: '$month', $lte: '2024-12' },
    ],
  })
  .withoutValidatedRefs();

/** Coffer's report by tag, as tag → amount ('(no tag)' for the untagged rows). */
async function reportByTag(coffer: ApiClient): Promise<Record<string, number>> {
  const answer = (await coffer.lib.send('report/tag-sums', {
    query: YEAR.serialize(),
    byMonth: false,
  })) as { sums: Array<{ key: string | null; amount: number }> };
  return Object.fromEntries(answer.sums.map((s) => [s.key ?? '(no tag)', s.amount]));
}

/** The same sums worked out row by row from the file, with the notes parser. */
function scanByTag(file: string): Record<string, number> {
  const db = openFile(file);
  try {
    const rows = runQuery<Array<{ notes: string | null; amount: number }>>(
      db,
      YEAR.select(['notes', 'amount']).serialize(),
    ).data;
    const sums: Record<string, number> = {};
    for (const r of rows) {
      const tags = tagsInNotes(r.notes);
      for (const tag of tags.length > 0 ? tags : ['(no tag)']) sums[tag] = (sums[tag] ?? 0) + r.amount; // prettier-ignore
    }
    return sums;
  } finally {
    db.close();
  }
}

function keptSumsCurrent(file: string): boolean {
  const db = openFile(file);
  try {
    return tagSumsAreCurrent(db);
  } finally {
    db.close();
  }
}

describe.each(targets)(
  'the report by tag when today’s Actual edits tagged notes, through %s',
  (_name, start) => {
    it('counts a tag Actual added, one it took off and a new row with two tags', async () => {
      const server = await start();
      cleanup.push(() => server.stop());
      await bootstrapServer(server.url, PASSWORD);
      const cofferDir = dirs.make('coffer');
      const job = { dataDir: dirs.make('actual'), serverURL: server.url, password: PASSWORD };

      const coffer = new ApiClient();
      cleanup.push(() => coffer.shutdown());
      await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
      const { id } = (await coffer.lib.send('create-budget', { budgetName: 'Tag report' })) as { id: string }; // prettier-ignore
      const account = await coffer.methods.createAccount({ name: 'Joint' }, 0);
      await coffer.methods.addTransactions(account, [
        { date: '2024-03-01', amount: -1000, notes: 'Flights #trip' },
        { date: '2024-03-02', amount: -2000, notes: 'Hotel #trip #work' },
        { date: '2024-03-03', amount: -4000, notes: 'Taxi' },
        { date: '2024-03-04', amount: -8000, notes: 'Lunch #work' },
      ]);
      const file = join(cofferDir, id, 'db.sqlite');
      expect(await reportByTag(coffer)).toEqual({ trip: -3000, work: -10000, '(no tag)': -4000 });
      // The report starts the kept sums' build in the background: the next reports read them.
      for (let i = 0; i < 100 && !keptSumsCurrent(file); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(keptSumsCurrent(file)).toBe(true);
      await coffer.methods.sync();
      const { groupId } = (await coffer.lib.send('load-prefs')) as { groupId: string };
      const rows = (await coffer.methods.getTransactions(account, '2024-01-01', '2024-12-31')) as Row[]; // prettier-ignore
      const byNotes = (n: string) => String(rows.find((r) => r.notes === n)!.id);

      // Actual tags the taxi #trip, takes #trip off the hotel, adds a museum with two tags.
      runActualJob(
        ACTUAL_CURRENT_RUNNER,
        {
          ...job,
          steps: [
            { op: 'download', syncId: groupId },
            {
              op: 'edit',
              update: [
                { id: byNotes('Taxi'), notes: 'Taxi #trip' },
                { id: byNotes('Hotel #trip #work'), notes: 'Hotel #work' },
              ],
              add: { account, transactions: [{ date: '2024-03-05', amount: -16000, notes: 'Museum #trip #culture' }] }, // prettier-ignore
            },
            { op: 'sync' },
          ],
        },
        dirs.make('job'),
      );
      await coffer.methods.sync();

      const after = await reportByTag(coffer);
      // Worked out by hand: no untagged row is left; the museum counts under both its tags.
      expect(after).toEqual({
        trip: -1000 - 4000 - 16000,
        work: -2000 - 8000,
        culture: -16000,
      });
      expect(after).toEqual(scanByTag(file));
      // The kept sums are current after the sync's changes (kept in step, or rebuilt at once),
      // so the reports from here on read them.
      expect(keptSumsCurrent(file)).toBe(true);
    }, 300_000);
  },
);
