import type { Budget } from '../budget-file/budget.ts';
import type { Platform } from '../platform/index.ts';
import type { HandlerError } from './errors.ts';
import type { Emit, EventBus } from './events.ts';
import type { Validator } from './validate.ts';

/** What a handler gets besides its arguments: the running core and the open budget. */
export interface HandlerContext {
  readonly platform: Platform;
  readonly documentDir: string;
  readonly events: EventBus;
  readonly emit: Emit;
  /** The open budget, or null. */
  readonly budget: Budget | null;
  /** The open budget; throws when none (use `needsBudget` to get a typed error instead). */
  requireBudget(): Budget;
  /** Make `budget` the open one (closing any other) and start the modules' budget services. */
  openBudget(budget: Budget): Promise<void>;
  /** Stop services and close the open budget, if any. */
  closeBudget(): Promise<void>;
  /** The UI state the request carried, stored with undo markers. */
  readonly undoTag: unknown;
  /** Call another handler now, bypassing the writer queue (safe inside a mutator). */
  call(name: string, args?: unknown): Promise<unknown>;
}

export interface HandlerSpec<A, R> {
  /** Checks the arguments at the edge; a failure returns an `APIError` value. */
  args?: Validator<A>;
  /** Runs through the single-writer queue: one mutation at a time. */
  mutator?: boolean;
  /** A mutator whose changes form one undo step. */
  undoable?: boolean;
  /** Return a `no-budget` error when no budget is open. */
  needsBudget?: boolean;
  /**
   * A read that never touches the open budget (a question to the server, global state): a
   * close does not wait for it, so a sign-out is not held up by a slow server's answer.
   */
  budgetFree?: boolean;
  run(args: A, ctx: HandlerContext): R | Promise<R>;
}

/** Identity, for inference: `handler({ args: v.object({...}), run(args, ctx) {...} })`. */
export function handler<A = undefined, R = unknown>(spec: HandlerSpec<A, R>): HandlerSpec<A, R> {
  return spec;
}

// Handler tables are heterogeneous by design; the precise types are recovered by ArgsOf/ResultOf.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyHandlerSpec = HandlerSpec<any, any>;
export type HandlerTable = Record<string, AnyHandlerSpec>;

/** Started when a budget opens; the returned function runs when it closes. */
export type BudgetService = (
  budget: Budget,
  ctx: HandlerContext,
) => void | (() => void | Promise<void>) | Promise<void | (() => void | Promise<void>)>;

/**
 * Asked before every handler that writes to the open budget (a mutator with `needsBudget`)
 * runs, inside the writer queue: an error value refuses the write (nothing runs), null lets
 * it through. How a module says "this budget is read-only now".
 */
export type WriteGuard = (
  name: string,
  ctx: HandlerContext,
) => HandlerError | null | Promise<HandlerError | null>;

/** One domain's handlers (and the services it runs while a budget is open). */
export interface HandlerModule<M extends HandlerTable> {
  readonly name: string;
  readonly handlers: M;
  readonly services: readonly BudgetService[];
  readonly writeGuards: readonly WriteGuard[];
}

export function defineModule<M extends HandlerTable>(
  name: string,
  handlers: M,
  options: { services?: BudgetService[]; writeGuards?: WriteGuard[] } = {},
): HandlerModule<M> {
  return {
    name,
    handlers,
    services: options.services ?? [],
    writeGuards: options.writeGuards ?? [],
  };
}

export type ArgsOf<S> = S extends HandlerSpec<infer A, infer _R> ? A : never;
export type ResultOf<S> = S extends HandlerSpec<infer _A, infer R> ? Awaited<R> : never;

/** The handler map as the UI sees it: name → (args) → Promise<result | error value>. */
export type HandlerSignatures<M extends HandlerTable> = {
  [K in keyof M]: (args: ArgsOf<M[K]>) => Promise<ResultOf<M[K]> | HandlerError>;
};

/** Merge the tables of several modules into one type: `HandlersOf<[typeof a, typeof b]>`. */
export type HandlersOf<Ms extends readonly HandlerModule<HandlerTable>[]> = UnionToIntersection<
  Ms[number] extends HandlerModule<infer M> ? M : never
>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;
