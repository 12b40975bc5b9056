import type { AppCore } from '../app.ts';
import type { CloudModule } from '../files/cloud-module.ts';
import type { Core } from '../handlers-core/core.ts';
import type { HandlerError } from '../handlers-core/errors.ts';
import type { CoreEvents } from '../handlers-core/events.ts';
import type { ArgsOf, HandlerTable, ResultOf } from '../handlers-core/registry.ts';

/**
 * The handler table of the app core (every registered module) with its cloud module, by name:
 * the browser worker registers both, so the UI can call either.
 */
export type AppHandlerTable = (AppCore extends Core<infer M> ? M : never) & CloudModule['handlers'];

/** A handler map as the UI sees it: name → { args, result }. */
export type HandlerMap = Record<string, { args: unknown; result: unknown }>;

export type HandlerMapOf<M extends HandlerTable> = {
  [K in keyof M & string]: { args: ArgsOf<M[K]>; result: ResultOf<M[K]> | HandlerError };
};

/** Every handler the UI can call: name → its arguments and result (type-only import). */
export type CoreHandlers = HandlerMapOf<AppHandlerTable>;

/** Why the worker could not start; the UI shows the matching init-failure screen. */
export type InitFailureReason =
  /** No origin-private file system (or no sync access handles) in this browser. */
  | 'opfs-unavailable'
  /** OPFS exists but the SQLite SAH-pool storage would not start. */
  | 'sah-pool-unavailable'
  /** IndexedDB cannot be opened (private browsing); the fallback mode needs it. */
  | 'indexeddb-unavailable'
  /** The SQLite wasm module would not load. */
  | 'sqlite-unavailable';

export interface InitFailure {
  reason: InitFailureReason;
  message: string;
  /** Whether the advanced in-memory fallback mode can run here (it needs IndexedDB). */
  fallbackAvailable: boolean;
}

/** Every event the UI can listen to: the core's, plus the browser worker's own. */
export interface ClientEvents extends CoreEvents {
  'app-init-failure': InitFailure;
}

/** The arguments tuple of `send(name, ...)`: optional when the handler takes none. */
export type ArgsParam<A> = undefined extends A ? [args?: A] : [args: A];
