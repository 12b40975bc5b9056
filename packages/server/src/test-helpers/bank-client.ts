import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CoreEvents,
  type Platform,
  createAppCore,
  createCloudModule,
  isHandlerError,
} from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { type FakeAccount, type FakeProvider, startFakeGoCardless } from './fake-gocardless.ts';
import type { ConfigInput } from '../config.ts';
import { type TestServer, startTestServer } from './harness.ts';

/** The client's "today" (it picks the download window from it): 2024-03-20, noon UTC. */
export const CLIENT_START = Date.UTC(2024, 2, 20, 12);
/** The Coffer server's password (Actual's api signs in with it too). */
export const PASSWORD = 'correct horse';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface Pushed {
  name: keyof CoreEvents;
  payload: unknown;
}

/**
 * The whole bank-sync path for end-to-end tests: a Coffer core on the Node platform (real
 * SQLite files, real fetch) signed in to a real Coffer server over HTTP on 127.0.0.1, whose
 * GoCardless proxy talks to the local fake provider. The client's clock starts at
 * CLIENT_START and ticks 1 ms per read. Its timers record every delay asked for; delays listed
 * in `timers.skip` run at once (the link poll's 3 s between requests), the rest in real time.
 */
export async function startBankClient(config: ConfigInput = {}, options: { start?: number } = {}) {
  const fake: FakeProvider = await startFakeGoCardless();
  // `config`: more server settings, e.g. another fake provider's base URL.
  const server: TestServer = await startTestServer({ gocardlessBaseUrl: fake.url, ...config });
  const documentDir = mkdtempSync(join(tmpdir(), 'coffer-bank-client-'));
  const timers = { skip: new Set<number>(), waits: [] as number[] };
  // `start`: another "today", e.g. the real one for a test that shares the budget with an
  // Actual client (its server refuses messages stamped far from its own clock).
  let now = options.start ?? CLIENT_START;
  const platform: Platform = {
    ...createNodePlatform({ documentDir, log: quiet }),
    clock: { now: () => (now += 1) },
    timers: {
      setTimeout(fn, ms) {
        timers.waits.push(ms);
        return setTimeout(fn, timers.skip.has(ms) ? 0 : ms);
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  };
  // The budget's own sync to the server waits a minute after a change, so its events do not
  // mix with the bank sync's within a test.
  const cloud = createCloudModule({ syncDelayMs: 60_000 });
  const core = createAppCore({ platform, documentDir }).register(cloud.module);
  const pushed: Pushed[] = [];
  core.events.onAny((name, payload) => pushed.push({ name, payload }));

  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  /** `send`, failing the test on an error value. */
  async function must<T>(name: string, args?: unknown): Promise<T> {
    const res = await send(name, args);
    if (isHandlerError(res)) throw new Error(`${name} failed: ${JSON.stringify(res)}`);
    return res as T;
  }

  await must('set-server-url', { url: server.url });
  await must('subscribe-bootstrap', { password: PASSWORD });
  await must('create-budget', { budgetName: 'Bank Sync' });

  const sql = () => {
    const budget = core.budget;
    if (!budget) throw new Error('no budget open');
    return budget.sqlite;
  };

  return {
    fake,
    server,
    core,
    timers,
    pushed,
    send,
    must,
    sql,
    /** Store the provider secrets on the server through the client (`secret-set`). */
    async configure() {
      await must('secret-set', { name: 'gocardless_secretId', value: fake.secretId });
      await must('secret-set', { name: 'gocardless_secretKey', value: fake.secretKey });
    },
    /** Provider account with the given booked transactions and balances. */
    addAccount(id: string, extra: Partial<FakeAccount> = {}) {
      fake.accounts.set(id, {
        id,
        institutionId: 'TESTBANK_TSTBGB2L',
        iban: `GB33BUKB2020155555${id.replace(/\D/g, '').padStart(4, '0')}`,
        name: `Account ${id}`,
        currency: 'GBP',
        product: 'Current Account',
        balances: [],
        booked: [],
        pending: [],
        ...extra,
      });
    },
    /** Start a requisition through the client and finish it at the "bank" for these accounts. */
    async requisition(accountIds: string[]): Promise<string> {
      const token = await must<{ requisitionId: string }>('gocardless-create-web-token', {
        upgradingAccountId: null,
        institutionId: 'TESTBANK_TSTBGB2L',
        accessValidForDays: 30,
      });
      fake.link(token.requisitionId, accountIds);
      return token.requisitionId;
    },
    events: <K extends keyof CoreEvents>(name: K) =>
      pushed.filter((p) => p.name === name).map((p) => p.payload as CoreEvents[K]),
    /** Provider requests for one path prefix, in order. */
    requests: (prefix: string) => fake.requests.filter((r) => r.includes(prefix)),
    async close() {
      // A poll left running by a failed test would hold the budget open for 10 minutes.
      await send('gocardless-poll-web-token-stop');
      await send('close-budget');
      await core.idle();
      await server.stop();
      await fake.close();
      rmSync(documentDir, { recursive: true, force: true });
    },
  };
}

export type BankClient = Awaited<ReturnType<typeof startBankClient>>;
