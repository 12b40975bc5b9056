// A phone save's cost in the core, part by part, in CPU time (bench/web-phone/save-parts.ts) on a
// copy of a made budget:  node bench/web-phone/save-parts.mjs --from DIR   (SAVES=5 by default)
// DIR is a folder `node bench/web/budget.mjs make DIR …` made; it is never changed.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnCopy } from '../lib/on-copy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await runOnCopy({
  script: join(here, 'save-parts.ts'),
  name: 'phone-save-parts',
  root: resolve(here, '../..'),
});
