import {
  decodeSyncResponse,
  encodeMessage,
  encodeSyncRequest,
  Timestamp,
  type MessageEnvelope,
  type SyncResponse,
} from '@coffer/crdt';
import { call, type CallResult } from './harness.ts';

export const ZERO_SINCE = Timestamp.zero.toString();

/** Envelopes with increasing timestamps from `startMillis`, one per `stepMillis`. */
export function makeEnvelopes(
  count: number,
  options: { startMillis?: number; stepMillis?: number; node?: string; encrypted?: boolean } = {},
): MessageEnvelope[] {
  const start = options.startMillis ?? Date.UTC(2024, 0, 1);
  const step = options.stepMillis ?? 1000;
  const node = options.node ?? 'a1b2c3d4e5f60718';
  return Array.from({ length: count }, (_, i) => {
    const timestamp = new Timestamp(start + i * step, i % 7, node).toString();
    const content = encodeMessage({
      dataset: 'transactions',
      row: `row-${node}-${i}`,
      column: 'amount',
      value: `N:${i}`,
    });
    return { timestamp, isEncrypted: options.encrypted ?? false, content };
  });
}

export interface SyncArgs {
  token: string;
  fileId: string;
  groupId: string;
  keyId?: string;
  since?: string;
  messages?: MessageEnvelope[];
}

export function syncRaw(
  base: string,
  body: Uint8Array | string,
  token: string,
): Promise<CallResult> {
  return call(base, 'POST', '/sync/sync', {
    token,
    body,
    headers: { 'content-type': 'application/actual-sync' },
  });
}

/** One sync round; throws unless the server answers 200 with a protobuf body. */
export async function syncOnce(
  base: string,
  args: SyncArgs,
): Promise<SyncResponse & { raw: CallResult }> {
  const body = encodeSyncRequest({
    messages: args.messages ?? [],
    fileId: args.fileId,
    groupId: args.groupId,
    keyId: args.keyId ?? '',
    since: args.since ?? ZERO_SINCE,
  });
  const raw = await syncRaw(base, body, args.token);
  if (raw.status !== 200) throw new Error(`sync failed: ${raw.status} ${raw.text}`);
  return { ...decodeSyncResponse(raw.bytes), raw };
}
