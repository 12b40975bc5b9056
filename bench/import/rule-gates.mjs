// Bundles and runs rule-gates.ts (see there): node bench/import/rule-gates.mjs [--count 50000]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndRun } from '../lib/bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Everything bundled (rrule and others are CommonJS without named exports).
await bundleAndRun(
  join(root, 'bench/import/rule-gates.ts'),
  join(root, 'bench/results/.build/rule-gates.mjs'),
  root,
  { plugins: [] },
);
