import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type EventName, q } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { type ApiCore, createApiCore } from './app.ts';
import { isErrorValue, unwrap } from './errors.ts';
import { type ApiMethods, createMethods } from './methods.ts';

export interface InitConfig {
  /** The folder holding one sub-folder per budget. Defaults to $ACTUAL_DATA_DIR, then cwd. */
  dataDir?: string;
  /** The sync server. Without one (and without $ACTUAL_SERVER_URL) nothing syncs. */
  serverURL?: string;
  /** The server's password: `init` signs in with it. */
  password?: string;
}

/** What `init` returns (and `internal` is): direct access to every core handler. */
export interface ApiLib {
  /** Call any handler by name. `api/*` handlers reject on error values; others return them. */
  send(name: string, args?: unknown): Promise<unknown>;
  on(name: EventName, listener: (payload: unknown) => void): () => void;
  q: typeof q;
  getDataDir(): string;
}

const NO_CONFIG: InitConfig = Object.freeze({});

/**
 * One running api: a core with every module on the Node platform, and the methods of
 * `@actual-app/api` bound to it. The package's module-level functions use one default client;
 * tests make their own.
 */
export class ApiClient {
  private core: ApiCore | null = null;
  private dataDir = '';
  readonly methods: ApiMethods;
  readonly lib: ApiLib;

  constructor() {
    this.methods = createMethods((name, args) => this.sendApi(name, args));
    this.lib = {
      send: (name, args) => this.send(name, args),
      on: (name, listener) => this.requireCore().events.on(name, listener),
      q,
      getDataDir: () => this.dataDir,
    };
  }

  get initialized(): boolean {
    return this.core !== null;
  }

  async init(config: InitConfig = NO_CONFIG): Promise<ApiLib> {
    if (this.core) return this.lib;
    const dataDir = resolve(config.dataDir ?? process.env.ACTUAL_DATA_DIR ?? process.cwd());
    mkdirSync(dataDir, { recursive: true });
    const platform = createNodePlatform({ documentDir: dataDir });
    const core = createApiCore(platform, dataDir);
    this.core = core;
    this.dataDir = dataDir;
    // As with Actual's api: the environment counts only when no config object is given.
    const serverURL = config === NO_CONFIG ? process.env.ACTUAL_SERVER_URL : config.serverURL;
    if (serverURL) {
      // Not checked here, as with Actual: an unreachable server shows up on first use.
      unwrap(await core.sendUnknown('set-server-url', { url: serverURL, validate: false }));
      if (config.password) {
        const signedIn = await core.sendUnknown('subscribe-sign-in', { password: config.password });
        // Actual's api 6.9 carries on after a failed sign-in (later calls then fail); the
        // script at least hears why.
        if (isErrorValue(signedIn)) {
          platform.log.warn('Signing in to the server failed', { reason: signedIn.error.type });
        }
      }
    }
    return this.lib;
  }

  /** Sync and close the open budget, and stop. A later `init` starts afresh. */
  async shutdown(): Promise<void> {
    const core = this.core;
    if (!core) return;
    await core.idle();
    // As Actual's api does: what the script wrote reaches the server before the budget closes
    // (a failed sync is reported through the sync events, and the changes stay in the file).
    if (core.budget?.prefs.cloudFileId) await core.sendUnknown('sync');
    await core.sendUnknown('close-budget');
    this.core = null;
  }

  /** Any handler, its result as it is (error values included). */
  async send(name: string, args?: unknown): Promise<unknown> {
    const result = await this.requireCore().sendUnknown(name, args);
    if (name.startsWith('api/') && isErrorValue(result)) return unwrap(result);
    return result;
  }

  private async sendApi(name: string, args?: unknown): Promise<unknown> {
    return unwrap(await this.requireCore().sendUnknown(name, args));
  }

  private requireCore(): ApiCore {
    if (!this.core) throw new Error('The api is not initialized: call init() first');
    return this.core;
  }
}
