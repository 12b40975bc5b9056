// The register's search once built, first-page way beside the general way, in CPU time
// (bench/register/search-ab.ts) on a copy of a made budget:
//   node bench/register/search-ab.mjs --from DIR
// DIR holds one BudgetBench-* folder (bench/derived's --keep DIR/<count>); it is never changed.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnCopy } from '../lib/on-copy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await runOnCopy({
  script: join(here, 'search-ab.ts'),
  name: 'register-search-ab',
  root: resolve(here, '../..'),
});
