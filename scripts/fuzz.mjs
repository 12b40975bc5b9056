// `npm run fuzz -- --sequences 10000`: the differential test's long form (see
// packages/api/README.md). Its TypeScript is bundled on the fly with esbuild (native and
// build-time packages left out) and run in this process.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';

const EXTERNAL = ['better-sqlite3', '@actual-app/api', 'actual-api-26', 'esbuild', 'fast-check'];
// Another bundle folder (COFFER_FUZZ_CACHE, under the checkout) lets two runs go at once.
const outfile = `${process.env.COFFER_FUZZ_CACHE ?? 'node_modules/.cache/coffer-fuzz'}/cli.mjs`;
await build({
  entryPoints: ['packages/api/src/fuzz/cli.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  external: EXTERNAL,
  banner: {
    js: "import { createRequire as fuzzRequire } from 'node:module'; const require = fuzzRequire(import.meta.url);",
  },
});
await import(pathToFileURL(outfile).href);
