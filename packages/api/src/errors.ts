/**
 * What a public api method throws when core answers with an error value: the value's `type`
 * (`APIError`, `budget-not-found`, …) and message, as an Error so scripts get a stack.
 */
export class ApiError extends Error {
  override name = 'APIError';
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

interface ErrorValue {
  error: { type: string; message: string };
}

export function isErrorValue(value: unknown): value is ErrorValue {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { type?: unknown }).type === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** The result, or the error value turned into a rejection. */
export function unwrap<T>(value: T | ErrorValue): T {
  if (isErrorValue(value)) throw new ApiError(value.error.type, value.error.message);
  return value;
}
