import { defineModule } from '../handlers-core/registry.ts';
import { budgetHandlers } from './budget.ts';
import { queryHandlers } from './query.ts';
import { createApiState } from './state.ts';

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
  return defineModule('api', {
    ...budgetHandlers(state),
    ...queryHandlers(),
  });
}

export type ApiModule = ReturnType<typeof createApiModule>;
