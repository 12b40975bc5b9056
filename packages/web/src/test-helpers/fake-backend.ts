import type { Backend, HandlerName } from '../backend/backend.ts';

/** What a fake answers a handler with; tests answer in the handlers' shapes, loosely typed. */
export type FakeAnswer = (name: HandlerName, args: unknown) => unknown;
/** How a fake subscribes to an event, by any name, with a loosely typed payload. */
export type FakeListen = (event: string, callback: (payload: unknown) => void) => () => void;

/**
 * A Backend for unit tests, answering each call with `answer(name, args)`. The one place that
 * takes a fake's loosely typed answers and events as the handlers' own (the real Backend is
 * core's typed client, checked end to end).
 */
export function fakeBackend(
  answer: FakeAnswer = () => new Promise(() => {}),
  listen: FakeListen = () => () => undefined,
): Backend {
  const send = (async (name: HandlerName, args?: unknown) => answer(name, args)) as Backend['send'];
  return { send, listen: listen as unknown as Backend['listen'] };
}
