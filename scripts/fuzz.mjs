// `npm run fuzz -- --sequences 10000`: the differential test's long form (see
// packages/api/README.md). Its TypeScript is bundled on the fly, as the benchmarks' scripts are
// (npm packages stay external), and run in this process.
import { pathToFileURL } from 'node:url';
import { bundleScript } from '../bench/lib/bundle.mjs';

// Another bundle folder (COFFER_FUZZ_CACHE, under the checkout) lets two runs go at once.
const outfile = `${process.env.COFFER_FUZZ_CACHE ?? 'node_modules/.cache/coffer-fuzz'}/cli.mjs`;
await bundleScript('packages/api/src/fuzz/cli.ts', outfile);
await import(pathToFileURL(outfile).href);
