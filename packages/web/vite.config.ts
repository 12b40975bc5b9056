import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { cofferWorkerPlugin } from '../core-web/src/vite-plugin.ts';
import { bootEntryPlugin } from './build/boot-entry.ts';
import { compileHintsPlugin } from './build/compile-hints.ts';
import { pwaPlugin } from './build/pwa-plugin.ts';

/**
 * `COFFER_READABLE_BUILD=1` (bench/web-phone's `--readable`): names kept and source maps written,
 * so a Chrome trace's profiler names the core's own functions. Never the shipped build.
 */
const readable = process.env.COFFER_READABLE_BUILD === '1';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // The worker's start (src/boot.ts) in a script of its own, listed before the app's entry.
    bootEntryPlugin('src/boot.ts'),
    // The phone's editor, loaded when idle: compiled then, not in the tap that first shows it.
    compileHintsPlugin(['TransactionEditor']),
    pwaPlugin(join(import.meta.dirname, 'src/sw/service-worker.ts')),
  ],
  worker: {
    format: 'es',
    plugins: () => [cofferWorkerPlugin()],
    // The core's worker imports SQLite's library as a chunk of its own beside the core's bundle
    // (core-web's sqlite/load.ts): named, so a trace or a test tells it from the page's entry.
    // The wasm's URL (a `?url` module the worker's entry imports to fetch it at once) stays in
    // the entry: in this chunk it would make the entry wait for the whole library.
    rollupOptions: {
      output: {
        manualChunks: (id) =>
          id.includes('/@sqlite.org/sqlite-wasm/') && !id.includes('.wasm?url')
            ? 'sqlite-wasm'
            : null,
      },
    },
  },
  optimizeDeps: { exclude: ['@sqlite.org/sqlite-wasm'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: readable,
    minify: !readable,
    // boot.ts is an entry of its own, so its chunk can run before the app's (build/boot-entry.ts).
    rollupOptions: {
      input: {
        index: join(import.meta.dirname, 'index.html'),
        boot: join(import.meta.dirname, 'src/boot.ts'),
      },
    },
  },
  server: {
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
  },
});
