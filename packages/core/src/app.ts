import { accountsModule } from './accounts/handlers.ts';
import { createBackupsModule } from './backups/handlers.ts';
import { createBankHeldModule } from './bank-held/handlers.ts';
import { createBankSyncModule } from './bank-sync/handlers.ts';
import { budgetModule } from './budget-db/module.ts';
import { budgetFileModule } from './budget-file/handlers.ts';
import { budgetTransferModule } from './importers/budgets/handlers.ts';
import { categoriesModule } from './categories/handlers.ts';
import { createCloudModule } from './files/cloud-module.ts';
import type { CloudOptions } from './files/session.ts';
import { type CoreOptions, createCore } from './handlers-core/core.ts';
import type { HandlerContext } from './handlers-core/registry.ts';
import { importModule } from './import/handlers.ts';
import { notesModule } from './notes/handlers.ts';
import { payeesModule } from './payees/handlers.ts';
import { queryModule } from './query-handler/handlers.ts';
import { reportsModule } from './reports/handlers.ts';
import { rulesModule } from './rules-handlers/handlers.ts';
import { schedulesModule } from './schedules/handlers.ts';
import { tagsModule } from './tags/handlers.ts';
import { toolsModule } from './tools/handlers.ts';
import { transactionsModule } from './transactions/handlers.ts';
import { undoModule } from './undo/handlers.ts';

export interface AppCoreOptions extends CoreOptions {
  /**
   * Also register the cloud module (server, sign-in, files, sync, keys) with these options;
   * its global state then also serves the backups. Without it, a host may register its own
   * `createCloudModule()` on top, and backups read the state file in `documentDir`.
   */
  cloud?: CloudOptions;
}

/**
 * The whole core as the app and the API use it: every domain module registered on one
 * instance. A module built later is added here (one `.register` line).
 */
export function createAppCore(options: AppCoreOptions) {
  const cloud = options.cloud ? createCloudModule(options.cloud) : null;
  const globalState = cloud
    ? (ctx: HandlerContext) => cloud.session.init(ctx.platform, ctx.documentDir)
    : undefined;
  const core = createCore(options)
    .register(budgetFileModule)
    .register(undoModule)
    .register(accountsModule)
    .register(payeesModule)
    .register(categoriesModule)
    .register(transactionsModule)
    .register(notesModule)
    .register(toolsModule)
    .register(queryModule)
    .register(reportsModule)
    .register(budgetModule)
    .register(rulesModule)
    .register(schedulesModule)
    .register(tagsModule)
    .register(importModule)
    .register(budgetTransferModule)
    .register(createBackupsModule({ globalState }))
    .register(createBankSyncModule())
    .register(createBankHeldModule());
  // Registered in place (the type stays that of the domain modules, whose callers use
  // `CloudHandlers` for these), and only when asked for, so a host that registers its own
  // cloud module (the browser worker) does not register it twice.
  if (cloud) core.register(cloud.module);
  return core;
}

export type AppCore = ReturnType<typeof createAppCore>;
