// Bundles and runs tap-threads.ts (see there): node bench/web-phone/tap-threads.mjs TRACE.json
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndRun } from '../lib/bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
await bundleAndRun(
  join(root, 'bench/web-phone/tap-threads.ts'),
  join(root, 'bench/results/.build/tap-threads.mjs'),
  root,
);
