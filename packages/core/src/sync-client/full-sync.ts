import {
  ClockDriftError,
  type MessageEnvelope,
  ProtobufDecodeError,
  Timestamp,
  type TrieNode,
  decodeSyncResponse,
  encodeSyncRequest,
  merkle,
} from '@coffer/crdt';
import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import type { Logger } from '../platform/index.ts';
import type { ServerClient } from '../server-client/server-client.ts';
import type { MessageCodec } from './codec.ts';
import type { Coverage } from './coverage.ts';
import { SyncFailure } from './failure.ts';
import { readBatch } from './outbox.ts';

/** Give up after this many rounds that end at the same diff time... */
export const SAME_DIFF_LIMIT = 10;
/** ...or this many rounds in all. */
export const ROUND_LIMIT = 100;
/** With no last-synced point, start five minutes back; the merkle finds anything older. */
const DEFAULT_LOOKBACK_MS = 5 * 60 * 1000;
/** `since` for the follow-up batches of a round: after everything, so nothing comes back. */
const AFTER_EVERYTHING = Timestamp.max.toString();

export interface FullSyncDeps {
  budget: Budget;
  server: ServerClient;
  token: string | null;
  codec: MessageCodec;
  now: () => number;
  emit: Emit;
  log: Logger;
  maxBatchMessages: number;
  maxBatchBytes: number;
  /** False once the sync must stop (the file closed, or its group changed). */
  isCurrent: () => boolean;
  /** What earlier answers proved the server holds (see `Coverage`); updated as batches land. */
  coverage: Coverage;
}

export interface FullSyncOutcome {
  aborted: boolean;
  /** Remote messages received (applied or already known). */
  received: number;
  /** Tables changed by them. */
  tables: string[];
}

function serverFailure(reason: string, meta: unknown): SyncFailure {
  return new SyncFailure(reason === 'network-failure' ? 'network' : reason, meta);
}

function parseTrie(text: string): TrieNode {
  try {
    const trie: unknown = JSON.parse(text);
    if (trie && typeof trie === 'object' && !Array.isArray(trie)) return trie as TrieNode;
  } catch {
    // below
  }
  throw new SyncFailure('invalid-message', { merkle: text.slice(0, 200) });
}

/**
 * One exchange with the server for everything logged after `since`: the first request carries
 * the first batch and the real `since` (so the answer holds exactly the messages others sent
 * since then, not our own); further batches ask for nothing back. Returns the remote envelopes
 * and the server's merkle after the last batch, or null when the sync must stop.
 */
async function exchange(
  deps: FullSyncDeps,
  since: string,
): Promise<{ envelopes: MessageEnvelope[]; trie: TrieNode } | null> {
  const { budget, codec, coverage } = deps;
  const prefs = budget.prefs;
  let cursor = coverage.skip(since);
  let first = true;
  let envelopes: MessageEnvelope[] = [];
  let trie: TrieNode = {};
  for (;;) {
    const readAt = budget.db.timestamp;
    const batch = await readBatch(
      budget.sqlite,
      codec,
      cursor,
      deps.maxBatchMessages,
      deps.maxBatchBytes,
    );
    const request = encodeSyncRequest({
      messages: batch.envelopes,
      fileId: prefs.cloudFileId ?? '',
      groupId: prefs.groupId ?? '',
      keyId: codec.keyId ?? '',
      since: first ? since : AFTER_EVERYTHING,
    });
    const res = await deps.server.sync(deps.token, request);
    if (!res.ok) throw serverFailure(res.error.reason, res.error);
    if (!deps.isCurrent()) return null;
    let response;
    try {
      response = decodeSyncResponse(res.value);
    } catch (err) {
      if (err instanceof ProtobufDecodeError) throw new SyncFailure('invalid-message', String(err));
      throw err;
    }
    if (first) envelopes = response.messages;
    trie = parseTrie(response.merkle);
    first = false;
    // Everything after `since` up to this batch's end (or, after the last batch, up to the
    // clock when it was read) is now on the server.
    coverage.confirm(since, batch.more && batch.last !== null ? batch.last : readAt);
    if (!batch.more || batch.last === null) return { envelopes, trie };
    cursor = coverage.skip(batch.last);
  }
}

/** Tables the way the UI reloads them: schedule next dates count as schedules. */
function tablesOf(event: { tables: readonly string[]; prefs: object } | null): string[] {
  if (!event) return [];
  const tables = event.tables.map((t) => (t === 'schedules_next_date' ? 'schedules' : t));
  if (Object.keys(event.prefs).length > 0) tables.push('prefs');
  return [...new Set(tables)];
}

/**
 * The sync loop: send what was logged since the last synced point, apply what others sent,
 * then compare merkles; where they differ, go back to the first differing minute and repeat.
 * Stops with `out-of-sync` after 10 rounds that end at the same point or 100 in all (rounds
 * made while local edits keep arriving do not count).
 */
export async function fullSync(deps: FullSyncDeps): Promise<FullSyncOutcome> {
  const { budget } = deps;
  const db = budget.db;
  let since =
    budget.prefs.lastSyncedTimestamp ||
    new Timestamp(deps.now() - DEFAULT_LOOKBACK_MS, 0, '0').toString();
  let count = 0;
  let prevDiff: number | null = null;
  let received = 0;
  const tables = new Set<string>();

  for (;;) {
    const clockBefore = db.timestamp;
    const answer = await exchange(deps, since);
    if (!answer) return { aborted: true, received, tables: [...tables] };
    const localChanged = db.timestamp !== clockBefore;

    if (answer.envelopes.length > 0) {
      const { messages, timestamps } = await deps.codec.decode(answer.envelopes);
      if (!deps.isCurrent()) return { aborted: true, received, tables: [...tables] };
      let applied;
      try {
        // Only the tables are read from the answer (see `tablesOf`).
        applied = db.applyMessages(messages, { source: 'remote', timestamps, tablesOnly: true });
      } catch (err) {
        if (err instanceof ClockDriftError) {
          throw new SyncFailure('clock-drift', { message: err.message });
        }
        deps.log.error('Applying remote messages failed', { error: String(err) });
        throw new SyncFailure('invalid-schema', { message: String(err) });
      }
      received += messages.length;
      const changed = tablesOf(applied.event);
      for (const t of changed) tables.add(t);
      deps.emit('sync-event', { type: 'applied', tables: changed });
    }

    const diff = merkle.diff(answer.trie, db.merkle);
    if (diff === null) {
      deps.coverage.confirm('', db.timestamp);
      if (budget.isOpen) {
        await budget.savePrefs({ lastSyncedTimestamp: db.timestamp }, { avoidSync: true });
      }
      return { aborted: false, received, tables: [...tables] };
    }
    if ((count >= SAME_DIFF_LIMIT && diff === prevDiff) || count >= ROUND_LIMIT) {
      deps.log.warn('Sync did not converge', { rounds: count, diff, hash: db.merkle.hash });
      throw new SyncFailure('out-of-sync', { diffTime: diff });
    }
    // The same gap twice: stop trusting the covered range and send everything after it again.
    if (count >= 1 && diff === prevDiff) deps.coverage.forget();
    since = new Timestamp(diff, 0, '0').toString();
    // Edits made during the round are why it did not converge; they do not count against it.
    count = localChanged ? 0 : count + 1;
    prevDiff = diff;
  }
}
