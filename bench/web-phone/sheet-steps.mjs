// Bundles and runs sheet-steps.ts (see there): node bench/web-phone/sheet-steps.mjs <made dir>
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndRun } from '../lib/bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Everything bundled but the native SQLite (rrule and others are CommonJS without named exports).
await bundleAndRun(
  join(root, 'bench/web-phone/sheet-steps.ts'),
  join(root, 'bench/results/.build/sheet-steps.mjs'),
  root,
  { plugins: [], external: ['better-sqlite3'] },
);
