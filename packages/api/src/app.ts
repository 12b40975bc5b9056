import { type Platform, apiCloudModule, createApiModule, createAppCore } from '@coffer/core';

/**
 * Every core module for one script: the app's (with the cloud module, its global state kept
 * in memory as Actual's api does), the `api/*` handlers, and the api's server side.
 */
export function createApiCore(platform: Platform, documentDir: string) {
  return createAppCore({ platform, documentDir, cloud: { persistState: false } })
    .register(createApiModule())
    .register(apiCloudModule);
}

export type ApiCore = ReturnType<typeof createApiCore>;
