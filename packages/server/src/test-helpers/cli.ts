import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

let built: Promise<string> | null = null;

/** `main.ts` bundled as `npm run build` does, inside the repo so its npm packages resolve. */
export function bundledMain(): Promise<string> {
  built ??= (async () => {
    const outfile = join(repoRoot, 'node_modules', '.cache', 'coffer-server-test', 'main.mjs');
    mkdirSync(join(outfile, '..'), { recursive: true });
    await build({
      entryPoints: [fileURLToPath(new URL('../main.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      external: ['better-sqlite3', 'fastify', '@fastify/*', 'protobufjs', 'murmurhash'],
      banner: {
        js: "import { createRequire as cofferRequire } from 'node:module'; const require = cofferRequire(import.meta.url);",
      },
    });
    return outfile;
  })();
  return built;
}

/** The bundled server in its own process on 127.0.0.1 with a free port. */
export async function startCliServer(
  dataDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [await bundledMain(), '--port', '0', '--data-dir', dataDir],
    {
      env: { ...process.env, COFFER_HOSTNAME: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolveUrl(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return { url, child };
}
