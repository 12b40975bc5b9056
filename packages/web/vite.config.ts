import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cofferWorkerPlugin } from '../core-web/src/vite-plugin.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  worker: { format: 'es', plugins: () => [cofferWorkerPlugin()] },
  optimizeDeps: { exclude: ['@sqlite.org/sqlite-wasm'] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
  server: {
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
  },
});
