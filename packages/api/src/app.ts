import { type Platform, createApiModule, createAppCore } from '@coffer/core';

/** Every core module (the app's and the `api/*` handlers) on one core for one client. */
export function createApiCore(platform: Platform, documentDir: string) {
  return createAppCore({ platform, documentDir }).register(createApiModule());
}

export type ApiCore = ReturnType<typeof createApiCore>;
