// Runs import-listeners.ts (bundled on the fly): see that file.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleScript } from '../lib/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '../results/.build/import-listeners.mjs');
await bundleScript(join(here, 'import-listeners.ts'), out);
await import(pathToFileURL(out).href);
