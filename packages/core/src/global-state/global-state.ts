import type { SerializedKey } from '../encryption/cipher.ts';
import type { FileSystem, Logger } from '../platform/index.ts';

/**
 * Everything kept outside any budget, under the names Actual's asyncStorage uses so the
 * meaning of each entry is unambiguous. One file per core instance.
 */
export interface GlobalStateData {
  /** The sync server's base URL; null or absent means no server. */
  'server-url'?: string | null;
  'user-token'?: string | null;
  /** Set once a server URL (or "no server") has been chosen. */
  'did-bootstrap'?: boolean;
  /** Keys by cloud file id. The raw key is kept on the device, as Actual does. */
  'encrypt-keys'?: Record<string, SerializedKey>;
  /** The budget id open when the app last ran ('' after a close). */
  lastBudget?: string;
  /** When this device last opened each budget (ISO time, by budget id): the file list shows it. */
  'last-opened'?: Record<string, string>;
  /** Set after the server rejected our token while syncing. */
  readOnly?: boolean;
  'floating-sidebar'?: boolean;
  'max-months'?: number;
  theme?: string;
  'document-dir'?: string;
  /** Whether the person allowed the release check (a request to GitHub); unset: not asked. */
  'update-check'?: boolean;
}

export type GlobalKey = keyof GlobalStateData;

export const GLOBAL_STATE_FILE = 'global-store.json';

/**
 * Global state as a JSON file written atomically through the platform's file system (a
 * documents folder in Node, OPFS in the browser). Reads come from memory; writes are queued
 * so they land in call order. A state made by `memory()` has no file (a script's session:
 * its token and keys end with the process, as with Actual's api).
 */
export class GlobalState {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly fs: FileSystem | null,
    /** The file, or null when the state lives in memory only. */
    readonly path: string | null,
    private readonly log: Logger,
    private data: GlobalStateData,
  ) {}

  /** A state that is never written anywhere. */
  static memory(log: Logger, data: GlobalStateData = {}): GlobalState {
    return new GlobalState(null, null, log, structuredClone(data));
  }

  /** Read the file; a missing one is empty state, an unreadable one is logged and replaced. */
  static async load(fs: FileSystem, path: string, log: Logger): Promise<GlobalState> {
    let data: GlobalStateData = {};
    if (await fs.exists(path)) {
      try {
        const parsed: unknown = JSON.parse(await fs.readText(path));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          data = parsed as GlobalStateData;
        } else {
          log.warn('Global state is not a JSON object; starting empty', { path });
        }
      } catch (err) {
        log.warn('Global state could not be read; starting empty', { path, error: String(err) });
      }
    }
    return new GlobalState(fs, path, log, data);
  }

  get<K extends GlobalKey>(key: K): GlobalStateData[K] {
    return this.data[key];
  }

  /** A copy of everything (for tests and debugging). */
  snapshot(): GlobalStateData {
    return structuredClone(this.data);
  }

  /** Merge `patch` (an `undefined` value removes the entry) and write the file. */
  async set(patch: GlobalStateData): Promise<void> {
    const next: Record<string, unknown> = { ...this.data };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    this.data = next as GlobalStateData;
    await this.flush();
  }

  async remove(keys: readonly GlobalKey[]): Promise<void> {
    await this.set(Object.fromEntries(keys.map((k) => [k, undefined])) as GlobalStateData);
  }

  private flush(): Promise<void> {
    const { fs, path } = this;
    if (!fs || path === null) return this.writing;
    const text = JSON.stringify(this.data);
    this.writing = this.writing
      .then(() => fs.writeFile(path, text))
      .catch((err: unknown) => {
        this.log.error('Writing global state failed', { path: this.path, error: String(err) });
      });
    return this.writing;
  }
}
