import { isHandlerError } from '../../handlers-core/errors.ts';
import { type AppFixture, openAppCore } from '../../transactions/test-helpers/app-core.ts';
import { createApiModule } from '../index.ts';

export type Row = Record<string, unknown>;

/** The app core with the api handlers and an in-memory budget open. */
export async function openApiCore(options: { seed?: number } = {}) {
  const fixture: AppFixture = await openAppCore(options);
  fixture.core.register(createApiModule());
  const send = (name: string, args?: unknown): Promise<unknown> =>
    fixture.core.sendUnknown(name, args);
  /** The result, failing the test on an error value. */
  const ok = async <T = unknown>(name: string, args?: unknown): Promise<T> => {
    const result = await send(name, args);
    if (isHandlerError(result)) throw new Error(`${name}: ${result.error.message}`);
    return result as T;
  };
  /** The error type of a call that should fail, or null when it succeeded. */
  const errorType = async (name: string, args?: unknown): Promise<string | null> => {
    const result = await send(name, args);
    return isHandlerError(result) ? result.error.type : null;
  };
  return { ...fixture, send, ok, errorType };
}

export type ApiFixture = Awaited<ReturnType<typeof openApiCore>>;
