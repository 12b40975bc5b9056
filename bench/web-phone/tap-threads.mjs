// Bundles and runs tap-threads.ts (see there): node bench/web-phone/tap-threads.mjs TRACE.json [ms]
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outfile = join(root, 'bench/results/.build/tap-threads.mjs');
await bundleScript(join(root, 'bench/web-phone/tap-threads.ts'), outfile);
const res = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(res.status ?? 1);
