import { defineModule } from '../handlers-core/registry.ts';
import { accountHandlers } from './accounts.ts';
import { budgetHandlers } from './budget.ts';
import { categoryHandlers } from './categories.ts';
import { payeeHandlers } from './payees.ts';
import { queryHandlers } from './query.ts';
import { ruleHandlers } from './rules.ts';
import { createApiState } from './state.ts';
import { transactionHandlers } from './transactions.ts';

export { apiError } from './errors.ts';
export {
  accountModel,
  categoryGroupModel,
  categoryModel,
  payeeModel,
  type ApiAccount,
  type ApiCategory,
  type ApiCategoryGroup,
  type ApiPayee,
} from './models.ts';

/**
 * The `api/*` handlers behind `@coffer/api` (and `@actual-app/api`'s names and shapes). Each
 * call makes a fresh module with its own import and batch state: register one per core.
 */
export function createApiModule() {
  const state = createApiState();
  // A batch still open when its budget closes is applied first, not lost with the budget.
  const applyOpenBatch = () => async () => {
    const batch = state.batch;
    if (!batch) return;
    state.batch = null;
    batch.release();
    await batch.done;
  };
  return defineModule(
    'api',
    {
      ...budgetHandlers(state),
      ...queryHandlers(),
      ...accountHandlers(),
      ...categoryHandlers(),
      ...payeeHandlers(),
      ...transactionHandlers(),
      ...ruleHandlers(),
    },
    { services: [applyOpenBatch] },
  );
}

export type ApiModule = ReturnType<typeof createApiModule>;
