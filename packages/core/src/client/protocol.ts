/**
 * The wire protocol between the UI and the core running in a worker (Actual's RPC-plus-push
 * shape, §1.2 of the reference). Everything here is plain data that survives structured clone.
 */

/**
 * The listener as the channel types it. DOM and Node type listeners as taking a bare `Event`,
 * so only `any` lets a Worker and a MessagePort both fit; a message event carries `data`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MessageListener = (event: any) => void;

/** A Worker, a MessagePort, a worker's `self` or a Node worker_threads port: all fit. */
export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: MessageListener): void;
  removeEventListener(type: 'message', listener: MessageListener): void;
  /** MessagePorts deliver nothing to `addEventListener` listeners until started. */
  start?(): void;
}

/** UI → core: call a handler. */
export interface RequestMessage {
  id: string;
  name: string;
  args: unknown;
  undoTag: unknown;
  catchErrors: boolean;
}

/** UI → core: the answer to `connect`; the core stops repeating it. */
export const CONNECTED = 'client-connected-to-backend';
export interface ConnectedMessage {
  name: typeof CONNECTED;
}

/** Core → UI: the handshake, repeated until the UI answers. */
export interface ConnectMessage {
  type: 'connect';
}

/** Core → UI: a handler finished (its result may be an expected-failure value). */
export interface ReplyMessage {
  type: 'reply';
  id: string;
  /** With `catchErrors`: `{ data }` or `{ error }`. */
  result?: unknown;
  /** An `api/*` handler that threw (the api error shape). */
  error?: { type: string; message: string };
  mutated: boolean;
  undoTag: unknown;
}

/** Core → UI: a handler threw without `catchErrors`; a `server-error` push follows. */
export interface ErrorMessage {
  type: 'error';
  id: string;
  message?: string;
}

/** Core → UI: an event. */
export interface PushMessage {
  type: 'push';
  name: string;
  args: unknown;
}

export type CoreToClient = ConnectMessage | ReplyMessage | ErrorMessage | PushMessage;
export type ClientToCore = RequestMessage | ConnectedMessage;

/** What `sendCatch` resolves to: the result, or the error of a handler that threw. */
export type Caught<R> =
  { data: R; error?: undefined } | { data?: undefined; error: { type: string; message: string } };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isRequest(value: unknown): value is RequestMessage {
  return isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';
}

export function isConnected(value: unknown): value is ConnectedMessage {
  return isRecord(value) && value.name === CONNECTED && !('id' in value);
}

export function isCoreMessage(value: unknown): value is CoreToClient {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'connect':
      return true;
    case 'reply':
    case 'error':
      return typeof value.id === 'string';
    case 'push':
      return typeof value.name === 'string';
    default:
      return false;
  }
}

/** A thrown value as the plain `{ type, message }` the UI gets. */
export function errorInfo(err: unknown): { type: string; message: string } {
  if (err instanceof Error) return { type: 'InternalError', message: err.message };
  return { type: 'InternalError', message: String(err) };
}
