/**
 * An expected failure, returned (not thrown) by a handler: the UI shows `message` or picks
 * its own text by `type` (the spec's error codes, e.g. 'out-of-sync-migrations').
 */
export interface HandlerError<T extends string = string> {
  error: { type: T; message: string };
}

export function handlerError<T extends string>(type: T, message: string): HandlerError<T> {
  return { error: { type, message } };
}

export function isHandlerError(value: unknown): value is HandlerError {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { type?: unknown }).type === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Returned for a name no module registered (the same type and text as Actual). */
export const unknownMethod = (name: string): HandlerError<'APIError'> =>
  handlerError('APIError', `Unknown method: ${name}`);

/** Returned when arguments fail a handler's validator. */
export const invalidArgs = (name: string, problem: string): HandlerError<'APIError'> =>
  handlerError('APIError', `Invalid arguments for ${name}: ${problem}`);

/** Returned by handlers that need an open budget when none is. */
export const noBudget = (name: string): HandlerError<'no-budget'> =>
  handlerError('no-budget', `${name} needs an open budget`);

/**
 * Returned to a request that needs the budget while a close takes it down: the screen that
 * asked is going away with it (a query never shows an answer for it).
 */
export const budgetClosing = (name: string): HandlerError<'budget-closing'> =>
  handlerError('budget-closing', `${name} came while the budget was closing`);
