/**
 * The real `@actual-app/crdt@2.1.0` (and Actual's value codec) for the compatibility tests.
 * The real package keeps one global clock and reads `Date.now()`; these wrappers pin both.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as real from '@actual-app/crdt';
import { vi } from 'vitest';
import type {
  EncryptedData,
  MessageEnvelope,
  SyncMessage,
  SyncRequest,
  SyncResponse,
} from '../proto.ts';

export const Actual = real;
export const { Timestamp: ActualTimestamp, merkle: actualMerkle, SyncProtoBuf: pb } = real;
export type ActualTimestamp = real.Timestamp;

export interface ClockState {
  millis: number;
  counter: number;
  node: string;
}

export type Outcome = { ok: string } | { error: string };

function outcome(run: () => string): Outcome {
  try {
    return { ok: run() };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

/** Runs the real `Timestamp.send` on a clock in `state` at wall time `now`. */
export function actualSend(state: ClockState, now: number): { result: Outcome; after: string } {
  const clock = real.makeClock(new real.Timestamp(state.millis, state.counter, state.node));
  real.setClock(clock);
  const spy = vi.spyOn(Date, 'now').mockReturnValue(now);
  try {
    const result = outcome(() => String(real.Timestamp.send()));
    return { result, after: clock.timestamp.toString() };
  } finally {
    spy.mockRestore();
  }
}

/** Runs the real `Timestamp.recv` of `remote` on a clock in `state` at wall time `now`. */
export function actualRecv(
  state: ClockState,
  remote: string,
  now: number,
): { result: Outcome; after: string } {
  const clock = real.makeClock(new real.Timestamp(state.millis, state.counter, state.node));
  real.setClock(clock);
  const parsed = real.Timestamp.parse(remote);
  if (!parsed) throw new Error(`test bug: unparseable remote ${remote}`);
  const spy = vi.spyOn(Date, 'now').mockReturnValue(now);
  try {
    const result = outcome(() => String(real.Timestamp.recv(parsed)));
    return { result, after: clock.timestamp.toString() };
  } finally {
    spy.mockRestore();
  }
}

export interface ValueCodec {
  serializeValue(value: unknown): string;
  deserializeValue(value: string): unknown;
}

function extractFunction(source: string, name: string): string {
  const start = source.indexOf(`function ${name}(`);
  if (start < 0) throw new Error(`${name} not found in the Actual bundle`);
  let depth = 0;
  for (let i = source.indexOf('{', start); i < source.length; i++) {
    if (source[i] === '{') depth++;
    if (source[i] === '}' && --depth === 0) return source.slice(start, i + 1);
  }
  throw new Error(`${name} is not closed in the Actual bundle`);
}

/**
 * Actual's value codec lives in loot-core, not in `@actual-app/crdt`, and the API package does
 * not export it; the two functions are lifted out of the shipped bundle and run as they are.
 */
export function loadActualValueCodec(): ValueCodec {
  const require = createRequire(import.meta.url);
  const apiDir = dirname(require.resolve('@actual-app/api/package.json'));
  const source = readFileSync(join(apiDir, 'dist/app/bundle.api.js'), 'utf8');
  const body = [
    extractFunction(source, 'serializeValue'),
    extractFunction(source, 'deserializeValue'),
  ];
  return new Function(
    `${body.join('\n')}\nreturn { serializeValue, deserializeValue };`,
  )() as ValueCodec;
}

// Conversions between our plain objects and the real google-protobuf classes.

type PbMessage = InstanceType<typeof pb.Message>;
type PbEncryptedData = InstanceType<typeof pb.EncryptedData>;
type PbMessageEnvelope = InstanceType<typeof pb.MessageEnvelope>;
type PbSyncRequest = InstanceType<typeof pb.SyncRequest>;
type PbSyncResponse = InstanceType<typeof pb.SyncResponse>;

export function toPbMessage(m: SyncMessage): PbMessage {
  const out = new pb.Message();
  out.setDataset(m.dataset);
  out.setRow(m.row);
  out.setColumn(m.column);
  out.setValue(m.value);
  return out;
}

export function fromPbMessage(m: PbMessage): SyncMessage {
  return { dataset: m.getDataset(), row: m.getRow(), column: m.getColumn(), value: m.getValue() };
}

export function toPbEncrypted(e: EncryptedData): PbEncryptedData {
  const out = new pb.EncryptedData();
  out.setIv(e.iv);
  out.setAuthtag(e.authTag);
  out.setData(e.data);
  return out;
}

export function fromPbEncrypted(e: PbEncryptedData): EncryptedData {
  return { iv: e.getIv_asU8(), authTag: e.getAuthtag_asU8(), data: e.getData_asU8() };
}

export function toPbEnvelope(e: MessageEnvelope): PbMessageEnvelope {
  const out = new pb.MessageEnvelope();
  out.setTimestamp(e.timestamp);
  out.setIsencrypted(e.isEncrypted);
  out.setContent(e.content);
  return out;
}

export function fromPbEnvelope(e: PbMessageEnvelope): MessageEnvelope {
  return {
    timestamp: e.getTimestamp(),
    isEncrypted: e.getIsencrypted(),
    content: e.getContent_asU8(),
  };
}

export function toPbRequest(r: SyncRequest): PbSyncRequest {
  const out = new pb.SyncRequest();
  out.setMessagesList(r.messages.map(toPbEnvelope));
  out.setFileid(r.fileId);
  out.setGroupid(r.groupId);
  out.setKeyid(r.keyId);
  out.setSince(r.since);
  return out;
}

export function fromPbRequest(r: PbSyncRequest): SyncRequest {
  return {
    messages: r.getMessagesList().map(fromPbEnvelope),
    fileId: r.getFileid(),
    groupId: r.getGroupid(),
    keyId: r.getKeyid(),
    since: r.getSince(),
  };
}

export function toPbResponse(r: SyncResponse): PbSyncResponse {
  const out = new pb.SyncResponse();
  out.setMessagesList(r.messages.map(toPbEnvelope));
  out.setMerkle(r.merkle);
  return out;
}

export function fromPbResponse(r: PbSyncResponse): SyncResponse {
  return { messages: r.getMessagesList().map(fromPbEnvelope), merkle: r.getMerkle() };
}
