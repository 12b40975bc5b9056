// Runs a server benchmark: builds the server bundle, bundles the TypeScript entry (workspace
// sources included, npm packages left external) next to the repo's node_modules, then runs it.
//   node bench/server/run.mjs compare [--messages 100000] [--batch 1000] [--upload-mb 8]
//        [--servers coffer,actual]
//   node bench/server/run.mjs load [--clients 20] [--messages 500] [--batch 10] [--seconds 60]
//        [--processes 3 --kill-at 30]   (PostgreSQL, behind the proxy, one process SIGKILLed)
//   node bench/server/run.mjs throughput [--workers 16] [--seconds 10] [--processes 1,3]
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const [which = 'compare', ...args] = process.argv.slice(2);
const entries = { compare: 'compare.ts', load: 'load.ts', throughput: 'throughput.ts' };
if (!entries[which]) {
  console.error(`usage: node bench/server/run.mjs ${Object.keys(entries).join('|')} [options]`);
  process.exit(2);
}

process.chdir(root);
await import(join(root, 'scripts/build.mjs'));

const outfile = join(root, `bench/results/.build/server-${which}.mjs`);
await bundleScript(join(here, entries[which]), outfile, { sourcemap: 'inline' });
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
