import type { EncryptionKey } from './cipher.ts';

/**
 * The keys this core instance can use, by key id. Loaded from global state at start-up and
 * by `key-test`/`key-make`; emptied on sign-out. One per core instance, never shared.
 */
export class KeyStore {
  private readonly keys = new Map<string, EncryptionKey>();

  add(key: EncryptionKey): void {
    this.keys.set(key.id, key);
  }

  get(id: string | null | undefined): EncryptionKey | null {
    return id ? (this.keys.get(id) ?? null) : null;
  }

  has(id: string | null | undefined): boolean {
    return id ? this.keys.has(id) : false;
  }

  remove(id: string): void {
    this.keys.delete(id);
  }

  clear(): void {
    this.keys.clear();
  }
}
