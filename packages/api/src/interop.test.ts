import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { expectSameDump } from './test-helpers/compare.ts';
import { type BudgetDump, buildFixture, dumpBudget } from './test-helpers/interop-fixture.mjs';

// The real @actual-app/api (6.9) runs in a child process: its state is global, and it migrates
// a budget to its own newer schema when it opens one, as a user's copy of Actual would.
const RUNNER = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers/actual-runner.mjs');

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'coffer-interop-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function runActual(args: string[]): { id?: string; dump: BudgetDump } {
  const out = join(dataDir, 'actual-result.json');
  const res = spawnSync(process.execPath, [RUNNER, ...args, out], {
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (res.status !== 0) throw new Error(`Actual's api failed (${res.status}): ${res.stderr}`);
  return JSON.parse(readFileSync(out, 'utf8')) as { id?: string; dump: BudgetDump };
}

describe('interop with @actual-app/api', () => {
  it('a budget built by Coffer reads the same in Actual', async () => {
    const coffer = new ApiClient();
    await coffer.init({ dataDir });
    const { id } = (await coffer.lib.send('create-budget', { budgetName: 'Made by Coffer' })) as {
      id: string;
    };
    await buildFixture(coffer.methods);
    const ours = await dumpBudget(coffer.methods);
    await coffer.shutdown();

    // Sanity: the fixture made what it says, so the comparison compares something.
    expect(ours.accounts.map((a) => [a.name, a.offbudget, a.closed])).toEqual(
      expect.arrayContaining([
        ['Brokerage', true, false],
        ['Old Card', false, true],
      ]),
    );
    expect(ours.allTransactions.filter((t) => t.is_parent)).toHaveLength(1);
    expect(ours.allTransactions.filter((t) => t.transfer_id)).toHaveLength(4);
    expect(ours.rules).toHaveLength(2);
    const rent = ours.allTransactions.find((t) => t.amount === -121000)!;
    expect(rent.category).toBe(ours.categories.find((c) => c.name === 'Rent')!.id);
    const market = ours.allTransactions.find((t) => t.imported_payee === 'Market')!;
    expect(market.notes).toBe('from a rule');
    expect(ours.allTransactions.filter((t) => t.imported_id === 'pay-2024-01')).toHaveLength(1);

    const theirs = runActual(['dump', dataDir, id]);
    expectSameDump(ours, theirs.dump);

    // The comparison notices a difference deep inside a split.
    const altered = structuredClone(theirs.dump);
    const split = altered.allTransactions.find((t) => t.is_parent)!;
    (split.subtransactions as Array<{ amount: number }>)[0]!.amount += 1;
    expect(() => expectSameDump(ours, altered)).toThrow(/subtransactions/);
  }, 300_000);

  it('a budget built by Actual reads the same in Coffer', async () => {
    const theirs = runActual(['create', dataDir]);
    const coffer = new ApiClient();
    await coffer.init({ dataDir });
    await coffer.methods.loadBudget(theirs.id!);
    const ours = await dumpBudget(coffer.methods);
    await coffer.shutdown();

    expect(ours.allTransactions.filter((t) => t.is_parent)).toHaveLength(1);
    expect(ours.categoryGroups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Household', 'Leisure']),
    );
    expectSameDump(ours, theirs.dump);
  }, 300_000);
});
