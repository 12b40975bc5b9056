// Bundles and runs wasm-statements.ts (see there): node bench/import/wasm-statements.mjs [--runs n]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndRun } from '../lib/bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
await bundleAndRun(
  join(root, 'bench/import/wasm-statements.ts'),
  join(root, 'bench/results/.build/wasm-statements.mjs'),
  root,
  // Everything bundled but SQLite's wasm build, which finds its .wasm beside its own module
  // (rrule and others are CommonJS without named exports).
  { plugins: [], external: ['@sqlite.org/sqlite-wasm'] },
);
