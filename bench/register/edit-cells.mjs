// One register edit's cost to the query cells, in CPU time (bench/register/edit-cells.ts), on a
// copy of a made budget:
//   node bench/register/edit-cells.mjs --from DIR
// DIR holds one BudgetBench-* folder (bench/derived's --keep DIR/<count>); it is never changed.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnCopy } from '../lib/on-copy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await runOnCopy({
  script: join(here, 'edit-cells.ts'),
  name: 'register-edit-cells',
  root: resolve(here, '../..'),
});
