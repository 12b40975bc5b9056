/**
 * What the core's worker does in the phone's flow (issue 29), timed in process on the bench's
 * budget (bench/web/budget.mjs made it): the open, each query cell the sidebar and the account
 * page create (their first reads), then one save as the phone editor sends it and what each
 * listener of that write costs (the cells' refresh included). Unthrottled Node + better-sqlite3:
 * the browser's worker runs the same code on SQLite's wasm build, slower by a factor the phone
 * bench shows. Prints a table and one JSON line.
 *   node bench/web-phone/worker-turns.mjs <made dir>
 */
import { type Budget, createAppCore } from '@coffer/core';
import { groupSums, monthSums } from '../../packages/core/src/month-sums/slot.ts';
import { readProgress } from '../../packages/core/src/budget-file/build-progress.ts';
import { q } from '@coffer/core/ui';
import { createNodePlatform } from '@coffer/core-node';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  balanceCells,
  balanceTotals,
} from '../../packages/web/src/components/accounts/balances/balance-queries.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

async function main(made: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-worker-turns-'));
  cpSync(made, dir, { recursive: true });
  const id = readdirSync(dir)[0]!;
  const platform = createNodePlatform({ documentDir: dir, log: quiet });
  const core = createAppCore({ platform, documentDir: dir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  const rows: Array<{ what: string; ms: number }> = [];
  const spent = new Map<string, number>();
  const time = async (what: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    const out = await fn();
    rows.push({ what, ms: Math.round((performance.now() - t) * 10) / 10 });
    return out;
  };
  try {
    await time('load-budget (first, computes the sheet)', () => send('load-budget', { id }));
    // A reload while the background build is under way (issue 29): the build's progress is
    // kept in the file, so the next open finishes it from there instead of starting over.
    await new Promise((r) => setTimeout(r, 5000));
    await send('close-budget');
    await time('load-budget (reload mid-build)', () => send('load-budget', { id }));
    for (const name of ['sums']) {
      const kept = readProgress((core.budget as Budget).sqlite, name);
      console.log(`${name}: the build kept from before the reload: ${kept?.position ?? 'none'}`);
    }
    await time('derived data: the rest of the build after the reload', async () => {
      monthSums(core.budget as Budget).ensure();
      groupSums(core.budget as Budget).ensure();
    });
    // The floor in the same run: the whole build from scratch.
    const db = (core.budget as Budget).sqlite;
    db.run(`DELETE FROM coffer_derived_meta WHERE key IN ('month-sums-stamp', 'group-sums-stamp')`);
    await send('close-budget');
    await send('load-budget', { id });
    await time('derived data: the whole build from scratch (floor)', async () => {
      monthSums(core.budget as Budget).ensure();
      groupSums(core.budget as Budget).ensure();
    });
    await send('close-budget');
    await time('load-budget (cached)', () => send('load-budget', { id }));
    const accounts = (
      (await send('query', q('accounts').select(['id', 'name']).serialize())) as {
        data: Array<{ id: string; name: string }>;
      }
    ).data;
    const bindings = [...balanceTotals(), ...accounts.map((a) => balanceCells.account(a.id))];
    const checking = accounts.find((a) => a.name === 'Checking')!;
    const cleared = {
      name: `cleared-${checking.id}`,
      query: q('transactions')
        .filter({ account: checking.id })
        .filter({ cleared: true })
        .calculate({ $sum: '$amount' })
        .serialize(),
    };
    for (const b of [...bindings, cleared]) {
      await send('create-query', { sheetName: 'account', name: b.name, query: b.query });
      // The first read, as the worker's timer turn (or getCells) does it.
      await time(`first read ${b.name}`, () => send('getCells', { names: [`account!${b.name}`] }));
    }
    // Background work after the open (derived data built a second later): let it run.
    await new Promise((r) => setTimeout(r, 3000));
    const category = (
      (await send('query', q('categories').select(['id']).limit(1).serialize())) as {
        data: Array<{ id: string }>;
      }
    ).data[0]!.id;
    // Each listener of the write path timed by itself (named by its source's first line).
    const listeners = (core.budget as unknown as { db: { listeners: Set<(e: unknown) => void> } })
      .db.listeners;
    for (const l of [...listeners]) {
      listeners.delete(l);
      const name = `#${spent.size} ${String(l).replace(/\s+/g, ' ').slice(0, 90)}`;
      spent.set(name, 0);
      listeners.add((e) => {
        const t = performance.now();
        l(e);
        spent.set(name, (spent.get(name) ?? 0) + performance.now() - t);
      });
    }
    for (let i = 0; i < 3; i++) {
      await time(`save #${i + 1} (transactions-batch-update, every listener)`, () =>
        send('transactions-batch-update', {
          added: [
            {
              id: `bench-${i}-${Date.now()}`,
              account: checking.id,
              date: '2026-11-29',
              amount: -1234,
              category,
            },
          ],
        }),
      );
    }
  } finally {
    await send('close-budget');
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [name, ms] of spent) rows.push({ what: `  listener (3 saves): ${name}`, ms: Math.round(ms * 10) / 10 }); // prettier-ignore
  for (const r of rows) console.log(`${String(r.ms).padStart(9)} ms  ${r.what}`);
  console.log(JSON.stringify({ rows }));
}

await main(process.argv[2]!);
