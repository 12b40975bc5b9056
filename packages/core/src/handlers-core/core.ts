import { backgroundHold } from '../budget-file/background-hold.ts';
import type { Budget } from '../budget-file/budget.ts';
import type { Platform } from '../platform/index.ts';
import {
  type HandlerError,
  budgetClosing,
  invalidArgs,
  noBudget,
  unknownMethod,
} from './errors.ts';
import { EventBus } from './events.ts';
import { SerialQueue } from './queue.ts';
import type {
  AnyHandlerSpec,
  ArgsOf,
  BudgetService,
  HandlerContext,
  HandlerModule,
  HandlerTable,
  ResultOf,
  WriteGuard,
} from './registry.ts';

export interface CoreOptions {
  platform: Platform;
  documentDir: string;
  events?: EventBus;
}

export interface SendOptions {
  /** UI state to restore on undo (Actual sends the URL). */
  undoTag?: unknown;
}

type Cleanup = () => void | Promise<void>;

/**
 * A running core: the registered handlers, the typed event bus, the single-writer queue, and
 * the open budget. Everything lives on the instance; two cores can run side by side.
 *
 *   const core = createCore({ platform, documentDir }).register(budgetFileModule);
 *   await core.send('create-budget', { budgetName: 'Home' });
 */
export class Core<M extends HandlerTable = Record<never, never>> {
  readonly events: EventBus;
  readonly platform: Platform;
  readonly documentDir: string;
  private readonly handlers = new Map<string, AnyHandlerSpec>();
  private readonly services: BudgetService[] = [];
  private readonly writeGuards: WriteGuard[] = [];
  private readonly writer = new SerialQueue();
  private readonly reading = new Set<Promise<unknown>>();
  private current: Budget | null = null;
  /**
   * The budget a close is taking down: from the close's start, a request that needs a budget
   * is told there is none (see `closeBudget`).
   */
  private closing: Budget | null = null;
  private cleanups: Cleanup[] = [];
  /** The screen's requests not answered yet (`foreground`), each settled either way. */
  private readonly active = new Set<Promise<void>>();

  constructor(options: CoreOptions) {
    this.platform = options.platform;
    this.documentDir = options.documentDir;
    this.events = options.events ?? new EventBus();
  }

  /** Add a module's handlers and services. A name registered twice throws. */
  register<M2 extends HandlerTable>(module: HandlerModule<M2>): Core<M & M2> {
    for (const name of Object.keys(module.handlers)) {
      if (this.handlers.has(name)) {
        throw new Error(`Handler ${name} (module ${module.name}) is already registered`);
      }
    }
    for (const [name, spec] of Object.entries(module.handlers)) this.handlers.set(name, spec);
    this.services.push(...module.services);
    this.writeGuards.push(...module.writeGuards);
    return this as unknown as Core<M & M2>;
  }

  has(name: string): boolean {
    return this.handlers.has(name);
  }

  /** Whether `name` is a writer (`mutator` or `undoable`): what the UI's reply `mutated` reports. */
  isMutator(name: string): boolean {
    const spec = this.handlers.get(name);
    return spec?.mutator === true || spec?.undoable === true;
  }

  get handlerNames(): string[] {
    return [...this.handlers.keys()];
  }

  get budget(): Budget | null {
    return this.current;
  }

  /** Call a handler by name with typed arguments and result. */
  send<K extends keyof M & string>(
    name: K,
    ...rest: undefined extends ArgsOf<M[K]>
      ? [args?: ArgsOf<M[K]>, options?: SendOptions]
      : [args: ArgsOf<M[K]>, options?: SendOptions]
  ): Promise<ResultOf<M[K]> | HandlerError> {
    const [args, options] = rest;
    return this.dispatch(name, args, options ?? {}, true) as Promise<ResultOf<M[K]> | HandlerError>;
  }

  /** The untyped edge (messages from the UI or a script): unknown names give an error value. */
  sendUnknown(name: string, args?: unknown, options: SendOptions = {}): Promise<unknown> {
    return this.dispatch(name, args, options, true);
  }

  /**
   * A request from the person's screen (the UI's edge, `serveCore`) runs until `until` settles:
   * the open budget's background builds (the months a lazy open left, the derived tables) wait
   * for it and for a quiet moment after it, so it is never queued behind them nor shares the CPU
   * with them. A read that needs a month or a table still builds it at once.
   */
  foreground(until: Promise<unknown>): void {
    const budget = this.current;
    // A budget closing under the request (its close already began) has nothing left to hold.
    if (budget?.isOpen) backgroundHold(budget).holdWhileActive(until, this.platform.timers);
    // A budget this request opens (the start's 'load-budget') is held by it too: see openBudget.
    const settled = until.then(
      () => undefined,
      () => undefined,
    );
    this.active.add(settled);
    void settled.then(() => this.active.delete(settled));
  }

  /** Wait for the writer queue and running reads to finish. */
  async idle(): Promise<void> {
    await this.writer.drain();
    await Promise.allSettled([...this.reading]);
  }

  private async dispatch(
    name: string,
    args: unknown,
    options: SendOptions,
    queued: boolean,
  ): Promise<unknown> {
    const spec = this.handlers.get(name);
    if (!spec) return unknownMethod(name);
    if (spec.args) {
      const problem = spec.args.check(args, '');
      if (problem) return invalidArgs(name, problem);
    }
    const isWriter = spec.mutator === true || spec.undoable === true;
    // Refused before it queues: a running read's write would otherwise wait behind the close,
    // which waits for that read.
    if (spec.needsBudget && this.closing) return budgetClosing(name);
    const ctx = this.context(options.undoTag, isWriter);
    const exec = async (): Promise<unknown> => {
      if (spec.needsBudget && this.closing) return budgetClosing(name);
      if (spec.needsBudget && !this.current) return noBudget(name);
      // At the entry of every budget write, not deep in the database layer: a refused call
      // runs nothing at all (no partial batch, no undo step).
      if (isWriter && spec.needsBudget) {
        for (const guard of this.writeGuards) {
          const refused = await guard(name, ctx);
          if (refused) return refused;
        }
      }
      const budget = this.current;
      if (spec.undoable && budget) {
        return budget.db.undo.withUndo(() => spec.run(args, ctx), options.undoTag);
      }
      return spec.run(args, ctx);
    };
    let promise: Promise<unknown>;
    if (isWriter && queued) {
      promise = this.writer.run(exec);
    } else {
      promise = exec();
      if (!isWriter && !spec.budgetFree) {
        this.reading.add(promise);
        void promise.then(
          () => this.reading.delete(promise),
          () => this.reading.delete(promise),
        );
      }
    }
    try {
      return await promise;
    } catch (err) {
      // A throw is a bug, not an expected failure: tell the UI and let the caller see it.
      this.platform.log.error(`Handler ${name} failed`, { error: String(err) });
      this.events.emit('server-error', {
        message: err instanceof Error ? err.message : String(err),
      });
      throw err;
    }
  }

  private context(undoTag: unknown, inWriter: boolean): HandlerContext {
    // A request that came while a close takes the budget down finds no budget, whether it
    // declared one (refused in `dispatch`) or only looks (`ctx.budget`): the close does not wait
    // for it, so it must not read the file the close is about to shut.
    const closingAtArrival = this.closing;
    const current = (): Budget | null =>
      closingAtArrival !== null && this.current === closingAtArrival ? null : this.current;
    return {
      platform: this.platform,
      documentDir: this.documentDir,
      events: this.events,
      emit: this.events.emit,
      get budget() {
        return current();
      },
      requireBudget() {
        const budget = current();
        if (!budget) throw new Error('No budget is open');
        return budget;
      },
      openBudget: (budget) => this.openBudget(budget),
      closeBudget: () => this.closeBudget(),
      undoTag,
      // Inside a mutator the queue is already ours; from a read, a mutator must still queue.
      call: (name, args) => this.dispatch(name, args, { undoTag }, !inWriter),
    };
  }

  private async openBudget(budget: Budget): Promise<void> {
    if (this.current && this.current !== budget) await this.closeBudget();
    this.current = budget;
    // Opened for a request from the screen: its background builds (the months a lazy open
    // left, stale derived tables) wait for that request's answer and a quiet moment after it,
    // as they do for every later request. Before, they ran between the open's answer and the
    // first screen's reads, and a build's timer set then fired in the middle of those reads (the
    // phone's returning start: 66 ms of the worker's CPU before the budget was shown).
    const hold = backgroundHold(budget);
    for (const request of this.active) hold.holdWhileActive(request, this.platform.timers);
    const ctx = this.context(undefined, true);
    for (const [i, service] of this.services.entries()) {
      const cleanup = await service(budget, ctx);
      if (cleanup) this.cleanups.push(cleanup);
      // The function's name in a readable build (the benches' traces), its place otherwise.
      this.platform.mark?.(`open:service ${service.name || i}`);
    }
  }

  private async closeBudget(): Promise<void> {
    const budget = this.current;
    if (!budget) return;
    // A request that comes after this finds no budget: the cleanups below take a while (a
    // sync's last flush), and a read started meanwhile would read the file after it closed.
    this.closing = budget;
    try {
      // Reads that are still running finish against the budget they started with.
      await Promise.allSettled([...this.reading]);
      for (const cleanup of this.cleanups.reverse()) await cleanup();
      this.cleanups = [];
      this.current = null;
    } finally {
      this.closing = null;
    }
    await budget.close();
  }
}

export function createCore(options: CoreOptions): Core {
  return new Core(options);
}
