import { describe, expect, expectTypeOf, it } from 'vitest';
import { backgroundHold } from '../budget-file/background-hold.ts';
import { Budget } from '../budget-file/budget.ts';
import { manualTimers } from '../budget-file/test-helpers/manual-timers.ts';
import { createTestPlatform } from '../db/test-helpers/test-platform.ts';
import { undoModule } from '../undo/handlers.ts';
import { createCore } from './core.ts';
import { type HandlerError, isHandlerError } from './errors.ts';
import { EventBus } from './events.ts';
import { SerialQueue } from './queue.ts';
import { type HandlerSignatures, type HandlersOf, defineModule, handler } from './registry.ts';
import { v } from './validate.ts';

const platform = createTestPlatform();
const mathModule = defineModule('math', {
  add: handler({
    args: v.object({ a: v.number(), b: v.number() }),
    run: ({ a, b }) => a + b,
  }),
  'fail-politely': handler({
    run: (_args: undefined) =>
      ({ error: { type: 'nope', message: 'no can do' } }) as HandlerError<'nope'>,
  }),
  crash: handler({
    run: (_args: undefined): number => {
      throw new Error('bug');
    },
  }),
});

describe('handler framework', () => {
  it('calls handlers by name with typed args and results', async () => {
    const core = createCore({ platform, documentDir: '/docs' }).register(mathModule);
    const sum = await core.send('add', { a: 2, b: 3 });
    expect(sum).toBe(5);
    expectTypeOf(sum).toEqualTypeOf<number | HandlerError>();
    type Map = HandlerSignatures<HandlersOf<[typeof mathModule, typeof undoModule]>>;
    expectTypeOf<Parameters<Map['add']>[0]>().toEqualTypeOf<{ a: number; b: number }>();
  });

  it('returns error values for unknown names and bad arguments', async () => {
    const core = createCore({ platform, documentDir: '/docs' }).register(mathModule);
    expect(await core.sendUnknown('no-such-thing', {})).toEqual({
      error: { type: 'APIError', message: 'Unknown method: no-such-thing' },
    });
    const bad = await core.sendUnknown('add', { a: 1, b: 'two' });
    expect(isHandlerError(bad)).toBe(true);
    expect((bad as HandlerError).error.message).toMatch(/b should be a number, got string/);
    expect(await core.send('fail-politely')).toEqual({
      error: { type: 'nope', message: 'no can do' },
    });
  });

  it('a throwing handler is a bug: it rejects and pushes server-error', async () => {
    const core = createCore({ platform, documentDir: '/docs' }).register(mathModule);
    const pushed: unknown[] = [];
    core.events.on('server-error', (e) => pushed.push(e));
    await expect(core.send('crash')).rejects.toThrow('bug');
    expect(pushed).toEqual([{ message: 'bug' }]);
  });

  it('knows which handlers are writers', () => {
    const core = createCore({ platform, documentDir: '/docs' })
      .register(mathModule)
      .register(undoModule)
      .register(
        defineModule('writers', {
          write: handler({ mutator: true, run: () => 1 }),
          step: handler({ undoable: true, run: () => 2 }),
        }),
      );
    expect(['write', 'step', 'undo', 'add', 'nothing'].map((n) => core.isMutator(n))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('asks write guards before budget writes only, inside the queue', async () => {
    let locked = false;
    const ran: string[] = [];
    const budget = Budget.memory({ platform, documentDir: '/docs' }, { id: 'g', budgetName: 'G' });
    const core = createCore({ platform, documentDir: '/docs' }).register(
      defineModule(
        'guarded',
        {
          open: handler({ mutator: true, run: (_a: undefined, ctx) => ctx.openBudget(budget) }),
          write: handler({ undoable: true, needsBudget: true, run: () => ran.push('write') }),
          read: handler({ needsBudget: true, run: () => ran.push('read') }),
        },
        {
          writeGuards: [
            (name) => (locked ? { error: { type: 'locked', message: `no ${name}` } } : null),
          ],
        },
      ),
    );
    await core.sendUnknown('open');
    expect(await core.sendUnknown('write')).toBe(1);
    locked = true;
    expect(await core.sendUnknown('write')).toEqual({
      error: { type: 'locked', message: 'no write' },
    });
    expect(await core.sendUnknown('read')).toBe(2);
    expect(await core.sendUnknown('open')).toBeUndefined();
    expect(ran).toEqual(['write', 'read']);
  });

  it('refuses a name registered twice', () => {
    const core = createCore({ platform, documentDir: '/docs' }).register(mathModule);
    expect(() => core.register(defineModule('again', { add: handler({ run: () => 0 }) }))).toThrow(
      /add .* already registered/,
    );
  });

  it('runs mutators one at a time, in order', async () => {
    const log: string[] = [];
    const sleep = () => new Promise((r) => setTimeout(r, 5));
    const core = createCore({ platform, documentDir: '/docs' }).register(
      defineModule('slow', {
        write: handler({
          args: v.string(),
          mutator: true,
          async run(name) {
            log.push(`start ${name}`);
            await sleep();
            log.push(`end ${name}`);
            return name;
          },
        }),
      }),
    );
    await Promise.all([core.send('write', 'a'), core.send('write', 'b'), core.send('write', 'c')]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('undoable mutators form undo steps; undo/redo handlers push undo-event', async () => {
    const core = createCore({ platform, documentDir: '/docs' })
      .register(undoModule)
      .register(
        defineModule('payees', {
          rename: handler({
            args: v.object({ id: v.string(), name: v.string() }),
            undoable: true,
            needsBudget: true,
            run: ({ id, name }, ctx) => ctx.requireBudget().db.update('payees', { id, name }),
          }),
        }),
      );
    expect(await core.send('undo')).toMatchObject({ error: { type: 'no-budget' } });
    const budget = Budget.memory(
      { platform, documentDir: '/docs', emit: core.events.emit },
      { id: 'mem', budgetName: 'Mem' },
    );
    budget.db.insert('payees', { id: 'p', name: 'first' });
    await openForTest(core, budget);
    const pushed: unknown[] = [];
    core.events.on('undo-event', (e) => pushed.push(e));
    await core.send('rename', { id: 'p', name: 'second' }, { undoTag: 'screen-1' });
    await core.send('undo');
    expect(budget.sqlite.first('SELECT name FROM payees')).toEqual({ name: 'first' });
    await core.send('redo');
    expect(budget.sqlite.first('SELECT name FROM payees')).toEqual({ name: 'second' });
    expect(pushed).toMatchObject([
      { kind: 'undo', tables: ['payees'], undoTag: 'screen-1' },
      { kind: 'redo', tables: ['payees'], undoTag: 'screen-1' },
    ]);
  });

  it('starts budget services on open and stops them on close', async () => {
    const seen: string[] = [];
    const core = createCore({ platform, documentDir: '/docs' }).register(
      defineModule(
        'svc',
        {},
        {
          services: [
            (budget) => {
              seen.push(`start ${budget.id}`);
              return () => void seen.push(`stop ${budget.id}`);
            },
          ],
        },
      ),
    );
    const budget = Budget.memory({ platform, documentDir: '/docs' }, { id: 'b1', budgetName: 'B' });
    await openForTest(core, budget);
    expect(core.budget).toBe(budget);
    await closeForTest(core);
    expect(seen).toEqual(['start b1', 'stop b1']);
    expect(budget.isOpen).toBe(false);
  });

  it('a close waits for the running reads of the budget, not for a question to the server', async () => {
    // The start asks the server who is signed in while the budget opens; a sign-out chosen
    // meanwhile closes the budget at once instead of showing 'Closing...' until it answers.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let readDone!: () => void;
    const reading = new Promise<void>((resolve) => (readDone = resolve));
    const core = createCore({ platform, documentDir: '/docs' }).register(
      defineModule('ask', {
        'ask-server': handler({ budgetFree: true, run: () => held.then(() => 'answered') }),
        'read-budget': handler({ run: () => reading.then(() => 'read') }),
      }),
    );
    const budget = Budget.memory({ platform, documentDir: '/docs' }, { id: 'b2', budgetName: 'B' });
    await openForTest(core, budget);
    const asked = core.sendUnknown('ask-server');
    const read = core.sendUnknown('read-budget');
    let closed = false;
    const closing = closeForTest(core).then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A read of the budget finishes against the budget it started with.
    expect(closed).toBe(false);
    readDone();
    expect(await read).toBe('read');
    await closing;
    expect(budget.isOpen).toBe(false);
    // The server's question is still on its way; its answer comes after the close.
    answer();
    expect(await asked).toBe('answered');
  });

  it('a request that comes while the budget closes finds no budget, and a running read is not left waiting behind the close', async () => {
    // The close's cleanups take a while (a sync's last flush to the server). A read the screen
    // sends meanwhile used to start against the budget and read its file after the file closed
    // ("DB has been closed." on the page, after a sign-out elsewhere closed the budget).
    let flushed!: () => void;
    const flushing = new Promise<void>((resolve) => (flushed = resolve));
    let asked!: () => void;
    const answered = new Promise<void>((resolve) => (asked = resolve));
    const core = createCore({ platform, documentDir: '/docs' }).register(
      defineModule(
        'closing',
        {
          'count-rows': handler({
            needsBudget: true,
            async run(_a: undefined, ctx) {
              const budget = ctx.requireBudget();
              await Promise.resolve();
              return budget.sqlite.first<{ n: number }>('SELECT COUNT(*) AS n FROM accounts')!.n;
            },
          }),
          'write-rows': handler({ mutator: true, needsBudget: true, run: () => 'written' }),
          // A read that does not declare the budget, but looks for one.
          'which-budget': handler({ run: (_a: undefined, ctx) => ctx.budget?.id ?? 'none' }),
          // A read that asks the server, then writes what came back (as the held bank rows do).
          'fetch-then-write': handler({
            needsBudget: true,
            async run(_a: undefined, ctx) {
              await answered;
              return ctx.call('write-rows', undefined);
            },
          }),
        },
        { services: [() => () => flushing] },
      ),
    );
    const budget = Budget.memory({ platform, documentDir: '/docs' }, { id: 'b3', budgetName: 'B' });
    await openForTest(core, budget);
    const running = core.sendUnknown('fetch-then-write');
    const closing = closeForTest(core);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The running read's server answers: its write must not queue behind the close waiting
    // for that read (neither would ever finish).
    asked();
    expect(await running).toMatchObject({ error: { type: 'budget-closing' } });
    // The close is now in its cleanups: a new read is told there is no budget.
    const late = core.sendUnknown('count-rows');
    const looking = core.sendUnknown('which-budget');
    flushed();
    await closing;
    expect(await late).toMatchObject({ error: { type: 'budget-closing' } });
    expect(await looking).toBe('none');
    expect(budget.isOpen).toBe(false);
  });

  it("a request from the screen holds the open budget's background work while it runs", async () => {
    const core = createCore({ platform, documentDir: '/docs' });
    // No budget open: nothing to hold, and nothing fails.
    core.foreground(Promise.resolve());
    await Promise.resolve();
    const budget = Budget.memory({ platform, documentDir: '/docs' }, { id: 'b3', budgetName: 'B' });
    await openForTest(core, budget);
    expect(backgroundHold(budget).held).toBe(false);
    core.foreground(new Promise<void>(() => undefined));
    expect(backgroundHold(budget).held).toBe(true);
    await closeForTest(core);
  });

  it('a request that opens a budget holds its background work until a quiet moment after it', async () => {
    // The phone's returning start: the open's services schedule the months' and the derived
    // tables' builds during 'load-budget'; they must not run before the first screen's reads.
    const t = manualTimers();
    const timed = { ...platform, timers: t.timers };
    const core = createCore({ platform: timed, documentDir: '/docs' });
    let answered!: () => void;
    core.foreground(new Promise<void>((done) => (answered = done)));
    const budget = Budget.memory({ platform: timed, documentDir: '/docs' }, { id: 'b4', budgetName: 'B' }); // prettier-ignore
    await openForTest(core, budget);
    expect(backgroundHold(budget).held).toBe(true);
    answered();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Answered: still held for the quiet moment, then free.
    expect(backgroundHold(budget).held).toBe(true);
    while (t.scheduled() > 0) t.due();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(backgroundHold(budget).held).toBe(false);
    await closeForTest(core);
  });
});

describe('event bus and queue', () => {
  it('delivers typed events by name and to catch-all listeners; unsubscribe works', () => {
    const bus = new EventBus();
    const got: unknown[] = [];
    const off = bus.on('prefs-updated', (p) => got.push(p.prefs));
    bus.onAny((name) => got.push(name));
    bus.emit('prefs-updated', { prefs: { budgetName: 'x' } });
    off();
    bus.emit('prefs-updated', { prefs: {} });
    expect(got).toEqual([{ budgetName: 'x' }, 'prefs-updated', 'prefs-updated']);
  });

  it('a failed task does not block the queue', async () => {
    const q = new SerialQueue();
    const failed = q.run(() => Promise.reject(new Error('x')));
    const next = q.run(() => 42);
    await expect(failed).rejects.toThrow('x');
    expect(await next).toBe(42);
    await q.drain();
    expect(q.pending).toBe(0);
  });
});

// Open and close through handlers, as the budget-file module does.
async function openForTest(core: ReturnType<typeof createCore>, budget: Budget): Promise<void> {
  const opener = defineModule(`open-${Math.random()}`, {
    [`open-${budget.id}`]: handler({
      mutator: true,
      run: (_a: undefined, ctx) => ctx.openBudget(budget),
    }),
  });
  await core.register(opener).sendUnknown(`open-${budget.id}`);
}

async function closeForTest(core: ReturnType<typeof createCore>): Promise<void> {
  const closer = defineModule(`close-${Math.random()}`, {
    [`close-${Math.random()}`]: handler({
      mutator: true,
      run: (_a: undefined, ctx) => ctx.closeBudget(),
    }),
  });
  const name = Object.keys(closer.handlers)[0]!;
  await core.register(closer).sendUnknown(name);
}
