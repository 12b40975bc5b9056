// Bundles and runs worker-turns.ts (see there): node bench/web-phone/worker-turns.mjs <made dir>
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndRun } from '../lib/bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Everything bundled but the native SQLite (rrule and others are CommonJS without named exports).
await bundleAndRun(
  join(root, 'bench/web-phone/worker-turns.ts'),
  join(root, 'bench/results/.build/worker-turns.mjs'),
  root,
  { plugins: [], external: ['better-sqlite3'] },
);
