// The account-order build's pieces at a budget's size, in CPU time (robust to a shared
// machine's load): the plain SQLite indexes it replaced (the account-order index over every
// transaction, the two partial indexes of split rows made inside a balance read, the search's
// three column indexes), each one piece,
// beside the table's build in steps (each step's CPU, the longest, the total). Run on a copy of
// a made budget by bench/register/order-steps.mjs; prints one JSON line.
import { join } from 'node:path';
import { createNodeSqliteDriver } from '@coffer/core-node';
import { stepByNewest } from '../../packages/core/src/query-handler/account-order.ts';
import { SEARCH_COLUMN_INDEXES } from '../../packages/core/src/query/search.ts';

const cpuMs = (fn: () => unknown) => {
  const u = process.cpuUsage();
  fn();
  const d = process.cpuUsage(u);
  return (d.user + d.system) / 1000;
};

const [dir, id] = process.argv.slice(2) as [string, string];
const file = join(dir, id, 'db.sqlite');
const db = createNodeSqliteDriver().open(file!);
const rows = db.first<{ n: number }>('SELECT COUNT(*) AS n FROM transactions')!.n;
const drop = () =>
  db.exec(`DROP INDEX IF EXISTS coffer_trans_account_order;
DROP INDEX IF EXISTS coffer_trans_split_parents; DROP INDEX IF EXISTS coffer_trans_split_lines;
DROP TABLE IF EXISTS coffer_account_order;
${Object.keys(SEARCH_COLUMN_INDEXES)
  .map((n) => `DROP INDEX IF EXISTS ${n};`)
  .join('\n')}`);
drop();
const oldIndex = cpuMs(() =>
  db.exec(`CREATE INDEX coffer_trans_account_order
  ON transactions (acct, date DESC, starting_balance_flag, sort_order DESC)`),
);
const splitIndexes = cpuMs(() =>
  db.exec(`CREATE INDEX coffer_trans_split_parents ON transactions (acct) WHERE isParent = 1;
CREATE INDEX coffer_trans_split_lines ON transactions (acct) WHERE isChild = 1;`),
);
const searchIndexes = Object.entries(SEARCH_COLUMN_INDEXES).map(([name, column]) =>
  cpuMs(() => db.exec(`CREATE INDEX ${name} ON transactions (${column})`)),
);
drop();
const build = stepByNewest(db);
const steps: number[] = [];
for (let done = false; !done;) steps.push(cpuMs(() => (done = db.transaction(() => build.step()))));
const round = (n: number) => Math.round(n * 10) / 10;
const sorted = [...steps].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    rows,
    cpuMs: {
      oldAccountOrderIndex: round(oldIndex),
      oldSplitIndexes: round(splitIndexes),
      oldSearchIndexesEach: searchIndexes.map(round),
      tableSteps: steps.length,
      tableStepMedian: round(sorted[Math.floor(sorted.length / 2)]!),
      tableStepP95: round(sorted[Math.floor(sorted.length * 0.95)]!),
      tableStepMax: round(sorted[sorted.length - 1]!),
      tableTotal: round(steps.reduce((a, b) => a + b, 0)),
    },
  }),
);
db.close();
