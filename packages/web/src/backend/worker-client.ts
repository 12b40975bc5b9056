import type { Backend, Connection, InitFailure } from './backend.ts';

/** Placeholder until packages/core-web exports createWorkerClient and its worker entry. */
export async function startCore(): Promise<Connection> {
  const failures: Array<(failure: InitFailure) => void> = [];
  const backend: Backend = {
    send: () => Promise.reject(new Error('The core worker is not available in this build')),
    listen: () => () => {},
  };
  setTimeout(() =>
    failures.forEach((f) =>
      f({
        reason: 'no-worker',
        message: 'The core worker is not part of this build.',
        fallbackAvailable: false,
      }),
    ),
  );
  return { backend, onInitFailure: (cb) => failures.push(cb) };
}
