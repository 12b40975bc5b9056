import type { handlerError } from '../handlers-core/errors.ts';
import type { HandlerContext } from '../handlers-core/registry.ts';
import type { BankProvider, BankProxy } from './proxy.ts';
import type { SyncOutcome } from './sync.ts';

/**
 * What the SimpleFIN and Enable Banking handlers, and linking, need from the bank-sync module
 * they belong to (its own file, so the handlers and the link step do not import each other).
 */
export interface BankSyncParts {
  withProxy<R>(
    ctx: HandlerContext,
    provider: BankProvider,
    fn: (p: BankProxy) => Promise<R>,
  ): Promise<R | ReturnType<typeof handlerError>>;
  /** The `banks` row of a link (made when missing). */
  bankRow(ctx: HandlerContext, bankId: string, name: string): string;
  /** Sync the given accounts (null: all linked ones); call only from inside a mutator. */
  runSync(ctx: HandlerContext, ids: readonly string[] | null): Promise<SyncOutcome>;
  announce(ctx: HandlerContext): void;
  /** Run a sync unless one is running (then false), through the queued undoable mutator. */
  guardedSync(ctx: HandlerContext, ids: readonly string[]): Promise<SyncOutcome | false>;
}
