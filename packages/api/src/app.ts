import { type Core, type Platform, budgetFileModule, createCore, undoModule } from '@coffer/core';

/** Every core module a script can reach, on the given platform. */
export function createAppCore(platform: Platform, documentDir: string): Core {
  return createCore({ platform, documentDir })
    .register(budgetFileModule)
    .register(undoModule) as unknown as Core;
}
