// The search from the matching categories newest first, an experiment for issue 30
// (bench/register/search-by-category.ts), on a copy of a made budget:
//   [TERM_SEARCH=text] node bench/register/search-by-category.mjs --from DIR
// DIR holds one BudgetBench-* folder (bench/derived's --keep DIR/<count>); it is never changed.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnCopy } from '../lib/on-copy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await runOnCopy({
  script: join(here, 'search-by-category.ts'),
  name: 'register-search-by-category',
  root: resolve(here, '../..'),
});
