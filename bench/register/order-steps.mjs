// The account-order build's pieces in CPU time (bench/register/order-steps.ts) on a copy of a
// made budget:  node bench/register/order-steps.mjs --from DIR
// DIR holds one BudgetBench-* folder (bench/derived's --keep DIR/<count>); it is never changed.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnCopy } from '../lib/on-copy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await runOnCopy({
  script: join(here, 'order-steps.ts'),
  name: 'register-order-steps',
  root: resolve(here, '../..'),
});
