// Benchmark scripts written in TypeScript run as one ESM bundle: the workspace packages export
// TypeScript, so they are bundled; npm packages stay external and load from node_modules.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** Bundle `entry` into `outfile` (an ESM script for Node 20 that can also `require`). */
export async function bundleScript(entry, outfile, options = {}) {
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalize-npm',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) =>
            a.path.startsWith('@coffer/') ? undefined : { external: true },
          );
        },
      },
    ],
    banner: {
      js: "import { createRequire as benchRequire } from 'node:module'; const require = benchRequire(import.meta.url);",
    },
    ...options,
  });
}

/**
 * Bundles `entry` into `outfile` and runs it in a child Node with this process's arguments,
 * exiting with its status: the `.mjs` launcher of a TypeScript bench script.
 */
export async function bundleAndRun(entry, outfile, cwd, options = {}) {
  await bundleScript(entry, outfile, options);
  const res = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
    stdio: 'inherit',
    cwd,
  });
  process.exit(res.status ?? 1);
}
