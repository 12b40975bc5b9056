// Benchmark scripts written in TypeScript run as one ESM bundle: the workspace packages export
// TypeScript, so they are bundled; npm packages stay external and load from node_modules.
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
