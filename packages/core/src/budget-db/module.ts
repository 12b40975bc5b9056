import { defineModule } from '../handlers-core/registry.ts';
import { apiBudgetHandlers } from './api-handlers.ts';
import { cellModuleHandlers } from './cell-handlers.ts';
import { budgetActionModuleHandlers } from './handlers.ts';
import { budgetEngine } from './slot.ts';

/**
 * The budget: `budget/*` actions, cells, bounds, the cache reset, the type switch and the api's
 * budget months. Its service opens the live sheet with the budget, so every change from the
 * first one on is fed to it and `cells-changed` flows.
 */
export const budgetModule = defineModule(
  'budget',
  { ...budgetActionModuleHandlers, ...cellModuleHandlers, ...apiBudgetHandlers },
  {
    services: [
      (budget) => {
        budgetEngine(budget);
      },
    ],
  },
);
