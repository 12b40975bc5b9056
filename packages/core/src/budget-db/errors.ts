import { MAX_AMOUNT, type BudgetActionError } from '../budget/index.ts';
import { handlerError, type HandlerError } from '../handlers-core/errors.ts';

/** A budget action's typed failure as the handler's error value (type = the action's code). */
export function actionError(error: BudgetActionError): HandlerError {
  switch (error.type) {
    case 'invalid-amount':
      return handlerError(error.type, 'An amount must be a whole number of cents');
    case 'amount-out-of-range':
      return handlerError(
        error.type,
        `${error.value} is beyond the largest amount a budget holds (±${MAX_AMOUNT})`,
      );
    case 'invalid-month':
      return handlerError(error.type, `${String(error.month)} is not a month (YYYY-MM)`);
    case 'month-out-of-bounds':
      return handlerError(error.type, `The budget has no month ${error.month}`);
    case 'unknown-category':
      return handlerError(error.type, `There is no category ${error.category}`);
    case 'invalid-average-length':
      return handlerError(
        error.type,
        `An average covers 3, 6 or 12 months, not ${String(error.n)}`,
      );
    case 'category-type':
      return handlerError(
        error.type,
        'A category must be transferred to another of the same type (expense or income)',
      );
  }
}
