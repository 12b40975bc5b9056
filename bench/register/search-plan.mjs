// The register search's statements, each timed and planned (bench/register/search-plan.ts), on
// a copy of a made budget:
//   [PLAN=1] [TERM_SEARCH=text] node bench/register/search-plan.mjs --from DIR
// DIR holds one BudgetBench-* folder (bench/derived's --keep DIR/<count>); it is never changed.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnCopy } from '../lib/on-copy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await runOnCopy({
  script: join(here, 'search-plan.ts'),
  name: 'register-search-plan',
  root: resolve(here, '../..'),
});
