/**
 * The typed UI ↔ core protocol: `serveCore` runs beside the core (in the worker),
 * `createClient` in the UI. Platform-free; any MessagePort-like channel carries it.
 */
export { createClient, CoreError, type ClientOptions, type CofferClient } from './client.ts';
export { serveCore, type ServableCore, type ServeOptions, type ServedCore } from './serve.ts';
export {
  CONNECTED,
  type Caught,
  type ClientToCore,
  type CoreToClient,
  type MessageListener,
  type MessagePortLike,
  type PushMessage,
  type ReplyMessage,
  type RequestMessage,
} from './protocol.ts';
export type {
  AppHandlerTable,
  ArgsParam,
  ClientEvents,
  CoreHandlers,
  HandlerMap,
  HandlerMapOf,
  InitFailure,
  InitFailureReason,
} from './types.ts';
export type { CoreEvents } from '../handlers-core/events.ts';
