import type { InitFailureReason } from '@coffer/core-web';
import {
  type CofferClient,
  type ArgsParam,
  type CoreHandlers,
  type HandlerError,
  isHandlerError,
} from '@coffer/core/ui';

/**
 * The UI's view of the core: core's typed client, narrowed to named handlers and pushed events.
 * A call's name and arguments are checked against the handler and its answer is typed by it;
 * tests fake this shape.
 */
export type Backend = Pick<CofferClient, 'send' | 'listen'>;

/** A handler's name, as `send` takes it. */
export type HandlerName = keyof CoreHandlers & string;
/** The arguments of a handler, as core declares them. */
export type ArgsOf<K extends HandlerName> = CoreHandlers[K]['args'];
/** The arguments after the name, as `send` takes them (none when the handler needs none). */
export type SendArgs<K extends HandlerName> = ArgsParam<ArgsOf<K>>;
/** A handler's answer when it did not fail. */
export type AnswerOf<K extends HandlerName> = Exclude<CoreHandlers[K]['result'], HandlerError>;

/**
 * A handler's expected failure as core returns it (`HandlerError`: the spec's error code in
 * `type`, and its text); the cloud handlers' failures also carry `meta` (e.g. `{ readOnly }`).
 */
export type Failure = HandlerError['error'] & { meta?: unknown };

/** Whether a handler's answer is its expected failure; narrows the answer either way. */
export function isFailure<T>(result: T): result is Extract<T, HandlerError> {
  return isHandlerError(result);
}

/** A handler's answer, or null for its expected failure. */
export function answerOf<T>(result: T): Exclude<T, HandlerError> | null {
  return isHandlerError(result) ? null : (result as Exclude<T, HandlerError>);
}

/** A handler's expected failure, or null for an answer. */
export function failureOf(result: unknown): Failure | null {
  return isHandlerError(result) ? result.error : null;
}

/** The error code of a handler's expected failure (the spec's code), or null for an answer. */
export function failureCode(result: unknown): string | null {
  return failureOf(result)?.type ?? null;
}

/** The core client's `app-init-failure` payload, plus a worker that could not start. */
export interface InitFailure {
  reason: InitFailureReason | 'no-worker';
  message: string;
  fallbackAvailable: boolean;
}

export interface Connection {
  backend: Backend;
  onInitFailure(callback: (failure: InitFailure) => void): void;
}
