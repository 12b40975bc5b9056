import { expect } from 'vitest';
import type { SqliteDatabase } from '../../platform/sqlite.ts';
import type { Timers } from '../../platform/index.ts';
import type { Budget } from '../budget.ts';
import { DerivedData, type DerivedTable } from '../derived-data.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A stale derived table's background build run by hand, with edits between its turns and the
 * budget closed and opened again part-way (the build resumes from its kept progress): what the
 * property test of every table built in steps drives. `during` pairs each edit with the turns
 * run after it; `check` runs after each edit and each turn, given the DerivedData as it stands.
 * Returns it, current, once every turn has run (the caller checks what the table holds, then
 * closes it).
 */
export function driveSteppedBuild<Op>(o: {
  db: { sqlite: SqliteDatabase; onChange: Budget['db']['onChange'] };
  table: DerivedTable;
  name: string;
  during: ReadonlyArray<readonly [Op, number]>;
  reloadAt: number;
  apply: (op: Op) => void;
  check?: (data: DerivedData) => void;
}): DerivedData {
  const queue: (() => void)[] = [];
  const timers: Timers = { setTimeout: (fn) => queue.push(fn), clearTimeout: () => undefined };
  const open = () => {
    const data = new DerivedData(o.db.sqlite, (l) => o.db.onChange(l), o.table, o.name);
    data.buildLater(timers, log, 0);
    return data;
  };
  let data = open();
  expect(data.isCurrent()).toBe(false);
  o.during.forEach(([op, turns], n) => {
    if (n === o.reloadAt) {
      data.close();
      queue.length = 0;
      data = open();
    }
    o.apply(op);
    o.check?.(data);
    for (let t = 0; t < turns && queue.length > 0; t++) {
      queue.shift()!();
      o.check?.(data);
    }
  });
  while (queue.length > 0) queue.shift()!();
  expect(data.isCurrent()).toBe(true);
  return data;
}
