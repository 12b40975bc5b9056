// The search's first page from a date on beside the register's order (issue 30)
// (bench/register/search-cutoff.ts), on a copy of a made budget:
//   [TERMS=a,b] node bench/register/search-cutoff.mjs --from DIR
// DIR holds one BudgetBench-* folder (bench/derived's --keep DIR/<count>); it is never changed.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnCopy } from '../lib/on-copy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await runOnCopy({
  script: join(here, 'search-cutoff.ts'),
  name: 'register-search-cutoff',
  root: resolve(here, '../..'),
});
