import { type HandlerError, handlerError } from '../handlers-core/errors.ts';

/**
 * The `api/*` handlers report a misuse (bad ids, a second batch, a month out of range) as an
 * `APIError` value; `@actual-app/api` throws the same kind, and the api package turns the value
 * back into a rejection so scripts see what they saw against Actual.
 */
export const apiError = (message: string): HandlerError<'APIError'> =>
  handlerError('APIError', message);
