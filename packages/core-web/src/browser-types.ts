/**
 * The few browser APIs this package uses, declared here so the repository's one typecheck
 * (Node types, no DOM lib) covers this code without DOM globals leaking into other packages.
 */

export interface BrowserFile {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  slice(start?: number, end?: number): BrowserFile;
}

export interface SyncAccessHandle {
  read(buffer: Uint8Array, options?: { at: number }): number;
  write(buffer: Uint8Array, options?: { at: number }): number;
  truncate(size: number): void;
  getSize(): number;
  flush(): void;
  close(): void;
}

export interface FileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<BrowserFile>;
  createSyncAccessHandle(): Promise<SyncAccessHandle>;
  /** Chromium: rename in place or into another directory, replacing the target. */
  move?(directory: DirectoryHandle, name: string): Promise<void>;
}

export interface DirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirectoryHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandle>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  entries(): AsyncIterable<[string, FileHandle | DirectoryHandle]>;
}

export interface LockManager {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal; mode?: 'exclusive' | 'shared' },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
}

export interface IdbRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}

export interface IdbOpenRequest extends IdbRequest<IdbDatabase> {
  onupgradeneeded: (() => void) | null;
  onblocked: (() => void) | null;
}

export interface IdbKeyRangeStatic {
  bound(lower: string, upper: string): unknown;
}

export interface IdbObjectStore {
  get(key: string): IdbRequest<unknown>;
  put(value: unknown, key: string): IdbRequest<unknown>;
  delete(key: string | unknown): IdbRequest<unknown>;
  getAllKeys(range?: unknown): IdbRequest<string[]>;
  count(key: string): IdbRequest<number>;
}

export interface IdbTransaction {
  objectStore(name: string): IdbObjectStore;
  oncomplete: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  error: unknown;
}

export interface IdbDatabase {
  readonly objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string): IdbObjectStore;
  transaction(stores: string[], mode: 'readonly' | 'readwrite'): IdbTransaction;
  close(): void;
}

export interface IdbFactory {
  open(name: string, version?: number): IdbOpenRequest;
  deleteDatabase(name: string): IdbRequest<unknown>;
}

export interface WorkerLike {
  postMessage(message: unknown): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  addEventListener(type: string, listener: (event: any) => void): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  removeEventListener(type: string, listener: (event: any) => void): void;
  terminate(): void;
}

/** A compiled wasm module (SQLite's: sqlite/load.ts). */
export interface WasmModule {
  readonly compiled: unique symbol;
}

/** The part of the WebAssembly API the worker compiles SQLite's module with. */
export interface WasmApi {
  compileStreaming(source: Promise<unknown>): Promise<WasmModule>;
  Instance: new (module: WasmModule, imports: object) => object;
}

/** The browser globals, typed as this package uses them; any may be missing. */
export interface BrowserGlobals {
  navigator?: {
    storage?: { getDirectory?(): Promise<DirectoryHandle> };
    locks?: LockManager;
  };
  FileSystemFileHandle?: { prototype: { createSyncAccessHandle?: unknown } };
  indexedDB?: IdbFactory;
  IDBKeyRange?: IdbKeyRangeStatic;
  Worker?: new (url: string | URL, options: { type: 'module'; name?: string }) => WorkerLike;
  WebAssembly?: WasmApi;
  /** The page's window (absent in a worker): its `pagehide` says the page is going away. */
  addEventListener?(type: 'pagehide', listener: (event: { persisted?: boolean }) => void): void;
}

export const browser = globalThis as unknown as BrowserGlobals;

/** A DOMException-like error's name ('NotFoundError', 'NoModificationAllowedError', ...). */
export function errorName(err: unknown): string {
  return typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
}
