// One returning open of a budget, in Coffer's core in process (bench/actual-open/returning.mjs
// primes a copy first, so the budget cache and the derived tables are there): `load-budget`,
// then the current month through `api/budget-month` (the phone's first screen). Prints one
// JSON line: the CPU of each, and every SQL statement the two ran (runs, rows answered), so a
// change to the open's reads shows as a count, not only as a time on a loaded machine.
// `--prime` instead opens the budget, waits for its background work and closes it (the cache
// and the derived tables written).
import Database from 'better-sqlite3';
import { createAppCore, type Budget } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { SumsSlot } from '../../packages/core/src/month-sums/slot.ts';
import { SearchIndexSlot } from '../../packages/core/src/search/slot.ts';
import { TagIndexSlot } from '../../packages/core/src/tags/slot.ts';

type Counted = { runs: number; rows: number };

/** Counts every statement better-sqlite3 runs (prepared or executed) into `stats`. */
function countStatements(stats: Map<string, Counted>): void {
  const note = (sql: string, rows: number) => {
    const s = stats.get(sql) ?? { runs: 0, rows: 0 };
    s.runs++;
    s.rows += rows;
    stats.set(sql, s);
  };
  const proto = Database.prototype;
  const prepare = proto.prepare;
  proto.prepare = function (this: Database.Database, sql: string) {
    const stmt = prepare.call(this, sql);
    for (const name of ['all', 'get', 'run'] as const) {
      const call = stmt[name].bind(stmt) as (...a: unknown[]) => unknown;
      Object.defineProperty(stmt, name, {
        value: (...a: unknown[]) => {
          const out = call(...a);
          note(sql, Array.isArray(out) ? out.length : out === undefined ? 0 : 1);
          return out;
        },
      });
    }
    return stmt;
  } as typeof proto.prepare;
  const exec = proto.exec;
  proto.exec = function (this: Database.Database, sql: string) {
    note(sql, 0);
    return exec.call(this, sql);
  };
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

const [dir, id, month, mode] = process.argv.slice(2);
if (dir && id && month) {
  const stats = new Map<string, Counted>();
  if (mode !== '--prime') countStatements(stats);
  const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
  const cpu = process.cpuUsage();
  const platform = createNodePlatform({ documentDir: dir, log: quiet });
  const core = createAppCore({ platform, documentDir: dir });
  const startCpuMs = cpuMs(cpu);
  const opened = await core.sendUnknown('load-budget', { id });
  if (opened && typeof opened === 'object' && 'error' in opened) throw new Error(JSON.stringify(opened)); // prettier-ignore
  const openCpuMs = cpuMs(cpu) - startCpuMs;
  const shown = (await core.sendUnknown('api/budget-month', { month })) as { toBudget: number };
  const monthCpuMs = cpuMs(cpu) - startCpuMs - openCpuMs;
  if (mode === '--prime') {
    const budget = core.budget as Budget;
    const slots = [SumsSlot, SearchIndexSlot, TagIndexSlot];
    while (!slots.every((s) => budget.get(s).isCurrent())) {
      await new Promise((r) => setTimeout(r, 5));
    }
    await core.sendUnknown('close-budget');
  }
  const statements = [...stats].map(([sql, s]) => ({ sql: sql.replace(/\s+/g, ' ').trim(), ...s }));
  console.log(JSON.stringify({ startCpuMs, openCpuMs, monthCpuMs, toBudget: shown.toBudget, statements })); // prettier-ignore
  process.exit(0);
}
