import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** What the service worker never precaches: maps, copies, itself, and the deploy's version. */
const NOT_PRECACHED = /(\.map|\.br|\.gz|^sw\.js|^version\.json)$/;
/** Files worth compressing; PNGs and the like are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).replace(/\\/g, '/'))
    .sort();
}

/** The build's id: changes whenever any precached byte changes, so a new worker installs. */
function buildId(dir: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Writes `sw.js`, the app's service worker (`src/sw/service-worker.ts`), bundled with the list
 * of files to precache (the app shell and every hashed asset of this build) and the build's id.
 */
async function writeServiceWorker(outDir: string, entry: string): Promise<void> {
  const files = filesUnder(outDir).filter((f) => !NOT_PRECACHED.test(f));
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    outfile: join(outDir, 'sw.js'),
    define: {
      __COFFER_PRECACHE__: JSON.stringify(files.map((f) => `/${f}`)),
      __COFFER_BUILD_ID__: JSON.stringify(buildId(outDir, files)),
    },
    logLevel: 'warning',
  });
}

/** A brotli and a gzip copy beside each compressible file, for the server to pick from. */
function compressAll(outDir: string): void {
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const path = join(outDir, file);
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(
      path + '.br',
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(path + '.gz', gzipSync(bytes, { level: 9 }));
  }
}

/**
 * The installed, offline app in a production build: the service worker with its precache list,
 * then brotli and gzip copies of every text asset and the wasm (made once here, so the server
 * only picks one).
 */
export function pwaPlugin(serviceWorkerEntry: string): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'coffer-pwa',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The worker bundles run their own builds through this plugin too; only the app's counts.
      if (!config || config.build.ssr || config.isWorker) return;
      const outDir = resolve(config.root, config.build.outDir);
      await writeServiceWorker(outDir, serviceWorkerEntry);
      compressAll(outDir);
    },
  };
}
