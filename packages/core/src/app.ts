import { accountsModule } from './accounts/handlers.ts';
import { createBankSyncModule } from './bank-sync/handlers.ts';
import { budgetModule } from './budget-db/module.ts';
import { budgetFileModule } from './budget-file/handlers.ts';
import { budgetTransferModule } from './importers/budgets/handlers.ts';
import { categoriesModule } from './categories/handlers.ts';
import { type CoreOptions, createCore } from './handlers-core/core.ts';
import { importModule } from './import/handlers.ts';
import { notesModule } from './notes/handlers.ts';
import { payeesModule } from './payees/handlers.ts';
import { queryModule } from './query-handler/handlers.ts';
import { rulesModule } from './rules-handlers/handlers.ts';
import { schedulesModule } from './schedules/handlers.ts';
import { toolsModule } from './tools/handlers.ts';
import { transactionsModule } from './transactions/handlers.ts';
import { undoModule } from './undo/handlers.ts';

/**
 * The whole core as the app and the API use it: every domain module registered on one
 * instance. A module built later is added here (one `.register` line).
 */
export function createAppCore(options: CoreOptions) {
  return createCore(options)
    .register(budgetFileModule)
    .register(undoModule)
    .register(accountsModule)
    .register(payeesModule)
    .register(categoriesModule)
    .register(transactionsModule)
    .register(notesModule)
    .register(toolsModule)
    .register(queryModule)
    .register(budgetModule)
    .register(rulesModule)
    .register(schedulesModule)
    .register(importModule)
    .register(budgetTransferModule)
    .register(createBankSyncModule());
}

export type AppCore = ReturnType<typeof createAppCore>;
