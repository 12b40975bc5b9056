import type { WasmRawDatabase } from '../sqlite/wasm-database.ts';

/** A folder's database files while this tab owns them (it holds the folder's lock). */
export interface Mount {
  /** Open database `name` (creating it), synchronously. */
  open(name: string): WasmRawDatabase;
  /** The databases the folder holds now. */
  names(): string[];
  read(name: string): Promise<Uint8Array>;
  /** Replace database `name` (it must not be open). */
  write(name: string, bytes: Uint8Array): Promise<void>;
  remove(name: string): Promise<void>;
  /** Let go of the files, keeping them, so another tab can take the folder. */
  release(): Promise<void>;
  /** Delete the folder's databases for good (its folder is going away). */
  destroy(): Promise<void>;
}

/** Where database files are kept: OPFS SAH pools, or IndexedDB in the fallback mode. */
export interface DbBackend {
  /** Take the folder's files; called with the folder's lock held. */
  mount(dir: string): Promise<Mount>;
  /** Every database of a folder another tab owns, read without taking it. */
  snapshot(dir: string): Promise<Map<string, Uint8Array>>;
  /** The databases of a folder this tab does not own. */
  names(dir: string): Promise<string[]>;
  /**
   * Whether the folder may hold databases, asked cheaply (no file is read): false says it
   * holds none, true that `names` or a mount tell which.
   */
  mayHold(dir: string): Promise<boolean>;
  /** Forget anything kept for a folder that is being deleted (called with its lock held). */
  discard(dir: string): Promise<void>;
}

/** Thrown when a write needs a folder that another tab owns. */
export class FolderLockedError extends Error {
  constructor(readonly dir: string) {
    super(`Another tab has ${dir} open; changes from this tab are not saved`);
    this.name = 'FolderLockedError';
  }
}

/** A database path split into its folder and file name. */
export function splitPath(path: string): { dir: string; name: string } {
  const at = path.lastIndexOf('/');
  return { dir: at <= 0 ? '/' : path.slice(0, at), name: path.slice(at + 1) };
}

export const isDatabasePath = (path: string): boolean => path.endsWith('.sqlite');
