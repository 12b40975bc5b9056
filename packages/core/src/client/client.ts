import {
  CONNECTED,
  type Caught,
  type CoreToClient,
  type MessagePortLike,
  type RequestMessage,
  isCoreMessage,
} from './protocol.ts';
import type { ArgsParam, ClientEvents, CoreHandlers, HandlerMap } from './types.ts';

export interface ClientOptions {
  /** UI state each request carries, restored on undo (Actual sends the URL). */
  undoTag?: () => unknown;
  /** Called when a mutating request finished, with the undo tag it carried. */
  onMutated?: (undoTag: unknown) => void;
}

/** The UI's typed handle on the core: named handlers, pushed events, a readiness promise. */
export interface CofferClient<H extends HandlerMap = CoreHandlers, E = ClientEvents> {
  /** Call a handler. Resolves to its result (expected failures are `{ error }` values);
   * rejects with a `CoreError` when the handler threw. */
  send<K extends keyof H & string>(
    name: K,
    ...args: ArgsParam<H[K]['args']>
  ): Promise<H[K]['result']>;
  /** Like `send`, but a throw comes back as `{ error }` instead of a rejection. */
  sendCatch<K extends keyof H & string>(
    name: K,
    ...args: ArgsParam<H[K]['args']>
  ): Promise<Caught<H[K]['result']>>;
  /** Subscribe to a pushed event; returns the unsubscribe function. */
  listen<K extends keyof E & string>(name: K, listener: (payload: E[K]) => void): () => void;
  /** Resolves once the core answered the handshake (requests sent earlier wait for it). */
  readonly ready: Promise<void>;
  readonly connected: boolean;
  /** Stop listening; requests still waiting (and later ones) reject with `reason`. */
  close(reason?: string): void;
}

/** A handler that threw (or a core that went away), as the rejection of `send`. */
export class CoreError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'CoreError';
  }
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Connect to a core served over `port` (see `serveCore`). */
export function createClient<H extends HandlerMap = CoreHandlers, E = ClientEvents>(
  port: MessagePortLike,
  options: ClientOptions = {},
): CofferClient<H, E> {
  let connected = false;
  let closed: string | null = null;
  let nextId = 0;
  const queued: RequestMessage[] = [];
  const waiting = new Map<string, Waiting>();
  const listeners = new Map<string, Set<(payload: never) => void>>();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const settle = (id: string, outcome: (w: Waiting) => void): void => {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    outcome(entry);
  };

  const onMessage = (event: { data: unknown }): void => {
    const message: unknown = event.data;
    if (!isCoreMessage(message)) return;
    handle(message);
  };

  const handle = (message: CoreToClient): void => {
    switch (message.type) {
      case 'connect':
        // Answer every time: the core repeats until one answer arrives.
        port.postMessage({ name: CONNECTED });
        if (!connected) {
          connected = true;
          for (const request of queued.splice(0)) port.postMessage(request);
          markReady();
        }
        return;
      case 'reply':
        if (message.mutated) options.onMutated?.(message.undoTag);
        if (message.error) {
          const { type, message: text } = message.error;
          settle(message.id, (w) => w.reject(new CoreError(type, text)));
        } else {
          settle(message.id, (w) => w.resolve(message.result));
        }
        return;
      case 'error':
        settle(message.id, (w) =>
          w.reject(new CoreError('InternalError', message.message ?? 'The core failed')),
        );
        return;
      case 'push':
        for (const listener of [...(listeners.get(message.name) ?? [])]) {
          (listener as (payload: unknown) => void)(message.args);
        }
        return;
    }
  };

  const request = (name: string, args: unknown, catchErrors: boolean): Promise<unknown> => {
    if (closed !== null) return Promise.reject(new CoreError('ClientClosed', closed));
    const id = String(++nextId);
    const message: RequestMessage = {
      id,
      name,
      args,
      undoTag: options.undoTag?.(),
      catchErrors,
    };
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      if (connected) port.postMessage(message);
      else queued.push(message);
    });
  };

  port.addEventListener('message', onMessage);
  port.start?.();

  return {
    send: ((name: string, args?: unknown) => request(name, args, false)) as CofferClient<
      H,
      E
    >['send'],
    sendCatch: ((name: string, args?: unknown) => request(name, args, true)) as CofferClient<
      H,
      E
    >['sendCatch'],
    listen(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      const entry = listener as (payload: never) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    ready,
    get connected() {
      return connected;
    },
    close(reason = 'The client is closed') {
      if (closed !== null) return;
      closed = reason;
      port.removeEventListener('message', onMessage);
      queued.length = 0;
      for (const id of [...waiting.keys()]) {
        settle(id, (w) => w.reject(new CoreError('ClientClosed', reason)));
      }
    },
  };
}
