/**
 * The page's first script, src/boot.ts, in a file of its own ahead of the app's entry (issue 29).
 *
 * Vite bundles every module script index.html lists into its one entry chunk, which would run the
 * worker's start only once React and the rest of the entry have been fetched and compiled. So
 * the config makes boot.ts an entry of its own (`build.rollupOptions.input`) and this plugin
 * lists its chunk in index.html's head, before the entry: module scripts run in document order,
 * the small one as soon as it is in. The entry imports the same chunk (one module, run once).
 * The dev server serves the source as it is.
 */
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** `entry`: the boot script's path from the app's root, e.g. `src/boot.ts`. */
export function bootEntryPlugin(entry: string): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'coffer-boot-entry',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!config) throw new Error('coffer-boot-entry: no config');
        const id = resolve(config.root, entry);
        let src = `/${entry}`;
        if (ctx.bundle) {
          const chunk = Object.values(ctx.bundle).find(
            (file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId === id,
          );
          if (!chunk) throw new Error(`coffer-boot-entry: no entry chunk for ${entry}`);
          src = config.base + chunk.fileName;
        }
        // Before the page's first script (the entry's, which Vite puts in the head).
        const at = html.indexOf('<script');
        if (at < 0) throw new Error('coffer-boot-entry: index.html has no script');
        const tag = `<script type="module" crossorigin src="${src}"></script>\n    `;
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}
