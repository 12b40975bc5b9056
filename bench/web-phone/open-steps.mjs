// Bundles and runs open-steps.ts (see there): node bench/web-phone/open-steps.mjs <made dir>
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outfile = join(root, 'bench/results/.build/open-steps.mjs');
// Everything bundled but the native SQLite (rrule and others are CommonJS without named exports).
await bundleScript(join(root, 'bench/web-phone/open-steps.ts'), outfile, {
  plugins: [],
  external: ['better-sqlite3'],
});
const res = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(res.status ?? 1);
