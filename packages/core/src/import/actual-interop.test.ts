import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { fromDateInt } from '../transactions/model.ts';
import { scenarioBudget } from './test-helpers/budget-before.ts';
import { type Outcome, type Scenario, describeTx, makeScenario } from './test-helpers/scenario.ts';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./test-helpers/actual-import.mjs', import.meta.url));

/** The scenario through the real @actual-app/api, in a child process. */
async function inActual(scenario: Scenario): Promise<Outcome & { errors: unknown[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-import-interop-'));
  try {
    const file = join(dir, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const { stdout } = await run(process.execPath, [CHILD, join(dir, 'data'), file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = stdout.trim().split('\n');
    return JSON.parse(lines[lines.length - 1]!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same scenario through Coffer's handlers. */
async function inCoffer(scenario: Scenario): Promise<Outcome & { errors: unknown[] }> {
  const { f, send, account } = await scenarioBudget(scenario);
  const imported = (await send('transactions-import', {
    accountId: account,
    transactions: scenario.incoming,
  })) as { errors: unknown[]; added: string[]; updated: string[] };

  const rows = f.sql.all<{
    date: number;
    amount: number;
    payee: string | null;
    category: string | null;
    notes: string | null;
    imported_id: string | null;
    imported_payee: string | null;
    cleared: number;
  }>(
    `SELECT t.date, t.amount, p.name AS payee, c.name AS category, t.notes, t.imported_id,
       t.imported_payee, t.cleared
     FROM v_transactions t
     LEFT JOIN payees p ON p.id = t.payee
     LEFT JOIN categories c ON c.id = t.category
     WHERE t.account = ?`,
    [account],
  );
  const payees = (await send('payees-get')) as { name: string; transfer_acct: string | null }[];
  return {
    added: imported.added.length,
    updated: imported.updated.length,
    errors: imported.errors,
    transactions: rows
      .map((r) => describeTx({ ...r, date: fromDateInt(r.date), cleared: r.cleared === 1 }))
      .sort(),
    payees: payees
      .filter((p) => !p.transfer_acct)
      .map((p) => p.name)
      .sort(),
  };
}

describe('transactions-import agrees with Actual', () => {
  it.each([20230806, 7])(
    'seed %i: the same rows, matches, rule results and payees',
    async (seed) => {
      const scenario = makeScenario(seed);
      const [theirs, ours] = await Promise.all([inActual(scenario), inCoffer(scenario)]);
      expect(theirs.errors).toEqual([]);
      expect(ours.errors).toEqual([]);
      expect(ours.payees).toEqual(theirs.payees);
      expect(ours.transactions).toEqual(theirs.transactions);
      expect({ added: ours.added, updated: ours.updated }).toEqual({
        added: theirs.added,
        updated: theirs.updated,
      });
      // The scenario exercises every path: matches, rule renames and new payees.
      expect(ours.updated).toBeGreaterThan(40);
      expect(ours.added).toBeGreaterThan(100);
      expect(ours.payees).toEqual(expect.arrayContaining(['Bank of America', 'New Shop 0']));
    },
    120_000,
  );
});
