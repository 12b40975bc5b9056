/**
 * One implementation of the `@actual-app/api` surface in its own process (Actual's api keeps
 * global state, and each side's time is its own): `coffer` (this repository's api), `6.9`
 * (`@actual-app/api`) or `26` (`actual-api-26`, the current release). The harness sends one
 * request at a time over the IPC channel: `begin` (a fresh budget), `op`, `dump`.
 *   node worker.mjs <coffer|6.9|26> <dataDir>
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- three libraries, one loose surface */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Op } from './ops.ts';
import { type Outcome, Session, outcomeOf } from './script.ts';
import type { BudgetState } from './view.ts';

export type Request =
  { cmd: 'begin' } | { cmd: 'op'; op: Op; stop: string[]; dumpIf: string[] } | { cmd: 'dump' };

export interface OpReply {
  outcome: Outcome;
  tags: string[];
  /** Set when a stop tag matched: the operation did not run; the budget as it was. */
  stopped?: BudgetState;
  /** Set when a `dumpIf` tag matched: the budget just before the operation ran. */
  before?: BudgetState;
}

const [impl = 'coffer', dataDir = '.'] = process.argv.slice(2);

// Actual narrates every step on the console; the replies go over IPC.
for (const method of ['log', 'info', 'warn', 'debug'] as const) console[method] = () => {};

/** Errors thrown by work a call started but did not wait for (Actual 26's transaction update). */
const stray: unknown[] = [];
process.on('unhandledRejection', (err) => stray.push(err));

async function loadApi(): Promise<any> {
  if (impl === 'coffer') {
    const { ApiClient } = await import('../client.ts');
    const client = new ApiClient();
    await client.init({ dataDir });
    return { ...client.methods, internal: client.lib };
  }
  const mod: any = impl === '6.9' ? await import('@actual-app/api') : await import('actual-api-26');
  const api = mod.default ?? mod;
  await api.init({ dataDir });
  return api;
}

/** Lets work started by the last call (and not awaited by it) finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function main() {
  const api = await loadApi();
  let session: Session | null = null;
  let budgetId: string | null = null;

  /**
   * The fresh budget every sequence starts from, made once per process and kept closed: its
   * folder is copied in under the same id for each sequence. Making it (create-budget, then
   * deleting the default groups) cost each Actual side about as much as a third of the whole
   * run, and a copy opens to exactly the budget those steps leave.
   */
  const template = join(dataDir, '.fresh-budget');
  let made = false;

  async function makeTemplate(): Promise<void> {
    await api.internal.send('create-budget', { budgetName: 'Fuzz', avoidUpload: true });
    budgetId = ((await api.internal.send('load-prefs')) as { id: string }).id;
    // Both programs start from the income group alone (their default expense categories
    // differ); the sequence makes its own.
    for (const group of await new Session(api).view().groups()) {
      if (!group.is_income) await api.deleteCategoryGroup(group.id);
    }
    await api.internal.send('close-budget');
    cpSync(join(dataDir, budgetId), template, { recursive: true });
    made = true;
  }

  async function begin(): Promise<null> {
    if (!made) await makeTemplate();
    else await api.internal.send('close-budget');
    rmSync(join(dataDir, budgetId!), { recursive: true, force: true });
    cpSync(template, join(dataDir, budgetId!), { recursive: true });
    await api.internal.send('load-budget', { id: budgetId });
    session = new Session(api);
    return null;
  }

  async function op(op: Op, stop: string[], dumpIf: string[]): Promise<OpReply> {
    const prepared = await session!.prepare(op);
    if (!prepared) return { outcome: { r: 'skip' }, tags: [] };
    const { tags } = prepared;
    if (tags.some((t) => stop.includes(t))) {
      return { outcome: { r: 'skip' }, tags, stopped: await session!.view().state() };
    }
    const before = tags.some((t) => dumpIf.includes(t)) ? await session!.view().state() : undefined;
    stray.length = 0;
    let outcome = await outcomeOf(prepared.run, op.op === 'import');
    await settle();
    if (stray.length > 0) outcome = { r: 'error', message: `later: ${String(stray[0])}` };
    return { outcome, tags, ...(before ? { before } : {}) };
  }

  const handle = async (req: Request): Promise<unknown> => {
    if (req.cmd === 'begin') return begin();
    if (req.cmd === 'op') return op(req.op, req.stop, req.dumpIf);
    return session!.view().state();
  };

  process.on('message', (msg: { id: number; req: Request }) => {
    handle(msg.req).then(
      (result) => process.send!({ id: msg.id, result }),
      (err: unknown) =>
        process.send!({
          id: msg.id,
          crash: err instanceof Error ? `${err.message}\n${err.stack}` : String(err),
        }),
    );
  });
  process.send!({ ready: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
