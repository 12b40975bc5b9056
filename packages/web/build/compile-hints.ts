/**
 * V8's per-file compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) at the top of the
 * chunks named here: the browser compiles all of their functions as the file loads, on the
 * thread that streams it, instead of each one lazily on the main thread the first time it runs.
 *
 * Why: the phone's editor code is asked for when the page is idle (editor-loader.ts), but its
 * functions were compiled only when 'Add transaction' first rendered the editor, inside the
 * tap's own task (issue 29: a trace of the tap, V8's compiles of the editor's first render).
 * Only for small chunks every such visit runs: a hint on the app's entry would compile all of it
 * before the budget shows.
 */
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHintsPlugin(chunkNames: readonly string[]): Plugin {
  return {
    name: 'coffer-compile-hints',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !chunkNames.includes(file.name)) continue;
        file.code = HINT + file.code;
        // A readable build's source map (an asset by now): its lines move down by one.
        const map = bundle[`${file.fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
        }
      }
    },
  };
}
