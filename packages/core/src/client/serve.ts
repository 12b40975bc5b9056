import type { Timers } from '../platform/index.ts';
import {
  type CoreToClient,
  type MessagePortLike,
  type PushMessage,
  type RequestMessage,
  errorInfo,
  isConnected,
  isRequest,
} from './protocol.ts';

const hasError = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && 'error' in result && Boolean(result.error);

/** What `serveCore` needs from a core: the untyped edge and every event. `Core` fits. */
export interface ServableCore {
  sendUnknown(name: string, args?: unknown, options?: { undoTag?: unknown }): Promise<unknown>;
  readonly events: { onAny(listener: (name: string, payload: unknown) => void): () => void };
  /** Whether `name` is a writer; the reply's `mutated` is true when one succeeded. */
  isMutator?(name: string): boolean;
  /** A request from the screen runs until `until` settles: background work waits for it. */
  foreground?(until: Promise<unknown>): void;
}

export interface ServeOptions {
  timers: Timers;
  /** How often `connect` repeats until the UI answers (Actual: 200 ms). */
  connectIntervalMs?: number;
}

export interface ServedCore {
  /** Push an event that does not come from the core's bus (e.g. a storage failure). */
  push(name: string, args: unknown): void;
  readonly connected: boolean;
  /** Stop answering and stop forwarding events. */
  close(): void;
}

/**
 * Serve `core` over `port`: answer requests, forward every core event as a push, and repeat
 * the `connect` handshake until the UI answers. Pushes made before the UI answered wait, so a
 * listener the UI registers right after creating its client sees them.
 */
export function serveCore(
  core: ServableCore,
  port: MessagePortLike,
  options: ServeOptions,
): ServedCore {
  const interval = options.connectIntervalMs ?? 200;
  let connected = false;
  let closed = false;
  let timer: unknown = null;
  const waiting: PushMessage[] = [];
  // Core pushes server-error itself when a handler throws; count them so a throw that
  // happens outside the core (in a wrapper) still gets one.
  let serverErrors = 0;

  const post = (message: CoreToClient): void => {
    if (!closed) port.postMessage(message);
  };

  const push = (name: string, args: unknown): void => {
    if (name === 'server-error') serverErrors++;
    const message: PushMessage = { type: 'push', name, args };
    if (!connected) {
      waiting.push(message);
      return;
    }
    try {
      post(message);
    } catch (err) {
      // A payload that cannot be cloned must not break the code that emitted it.
      post({ type: 'push', name: 'server-error', args: { message: errorInfo(err).message } });
    }
  };

  const hello = (): void => {
    timer = null;
    if (connected || closed) return;
    post({ type: 'connect' });
    timer = options.timers.setTimeout(hello, interval);
  };

  const markConnected = (): void => {
    if (connected) return;
    connected = true;
    if (timer !== null) options.timers.clearTimeout(timer);
    timer = null;
    for (const message of waiting.splice(0)) push(message.name, message.args);
  };

  const reply = (request: RequestMessage, message: CoreToClient): void => {
    try {
      post(message);
    } catch (err) {
      // A result that cannot be cloned is a bug in the handler; the caller must still hear.
      post({ type: 'error', id: request.id, message: errorInfo(err).message });
      push('server-error', { message: errorInfo(err).message });
    }
  };

  const handle = async (request: RequestMessage): Promise<void> => {
    const { id, name, args, undoTag, catchErrors } = request;
    const writer = core.isMutator?.(name) ?? false;
    const errorsBefore = serverErrors;
    let result: unknown;
    // Held from the request's arrival (before the handler runs) until its answer is sent.
    let answered: () => void = () => undefined;
    core.foreground?.(new Promise<void>((done) => (answered = done)));
    try {
      result = await core.sendUnknown(name, args, { undoTag });
    } catch (err) {
      const error = errorInfo(err);
      // A writer that threw reports no change (its batch did not commit).
      const mutated = false;
      answered();
      if (catchErrors) {
        reply(request, { type: 'reply', id, result: { error }, mutated, undoTag });
      } else if (name.startsWith('api/')) {
        reply(request, { type: 'reply', id, error, mutated, undoTag });
      } else {
        reply(request, { type: 'error', id, message: error.message });
        if (serverErrors === errorsBefore) push('server-error', { message: error.message });
      }
      return;
    }
    answered();
    const body = catchErrors ? { data: result } : result;
    // A writer's expected failure (`{ error }`) is returned without writing anything.
    const mutated = writer && !hasError(result);
    reply(request, { type: 'reply', id, result: body, mutated, undoTag });
  };

  const onMessage = (event: { data: unknown }): void => {
    const data = event.data;
    if (isConnected(data)) {
      markConnected();
    } else if (isRequest(data)) {
      // A request proves the UI is listening, even if its answer to `connect` got lost.
      markConnected();
      void handle(data);
    }
  };

  const unsubscribe = core.events.onAny((name, payload) => push(name, payload));
  port.addEventListener('message', onMessage);
  port.start?.();
  hello();

  return {
    push,
    get connected() {
      return connected;
    },
    close() {
      if (closed) return;
      closed = true;
      if (timer !== null) options.timers.clearTimeout(timer);
      unsubscribe();
      port.removeEventListener('message', onMessage);
    },
  };
}
