// Builds what plain Node (and later the browser) loads: the API library as CommonJS and ESM
// bundles, and the server entry. Sources stay TypeScript; vitest and tsc read them directly.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const external = ['better-sqlite3', 'fastify', '@fastify/*', 'pino', 'pino-*'];
const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, external };

const jobs = [];
if (existsSync('packages/api/src/index.ts')) {
  jobs.push(
    build({
      ...common,
      entryPoints: ['packages/api/src/index.ts'],
      format: 'cjs',
      outfile: 'packages/api/dist/index.cjs',
    }),
    build({
      ...common,
      entryPoints: ['packages/api/src/index.ts'],
      format: 'esm',
      outfile: 'packages/api/dist/index.mjs',
    }),
  );
}
if (existsSync('packages/server/src/main.ts')) {
  jobs.push(
    build({
      ...common,
      entryPoints: ['packages/server/src/main.ts'],
      format: 'esm',
      outfile: 'packages/server/dist/main.js',
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    }),
  );
}
await Promise.all(jobs);

// The web app: Vite's JS build API, so `npm run build` leaves packages/web/dist for the server.
if (existsSync('packages/web/vite.config.ts')) {
  const { build: viteBuild } = await import('vite');
  await viteBuild({
    configFile: 'packages/web/vite.config.ts',
    root: 'packages/web',
    logLevel: 'warn',
  });
}
