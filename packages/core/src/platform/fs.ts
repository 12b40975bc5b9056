/**
 * The file system as core sees it: paths are '/'-separated strings under a root the platform
 * chooses (a documents folder in Node, OPFS in the browser).
 */
export interface FileSystem {
  join(...parts: string[]): string;
  exists(path: string): Promise<boolean>;
  mkdir(path: string): Promise<void>;
  readFile(path: string): Promise<Uint8Array>;
  readText(path: string): Promise<string>;
  /** Write atomically: a crash leaves either the old content or the new, never half. */
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  remove(path: string): Promise<void>;
  /** Remove a folder and everything in it. */
  removeDir(path: string): Promise<void>;
  listDir(path: string): Promise<string[]>;
  /** Copy a file. */
  copyFile(from: string, to: string): Promise<void>;
}
