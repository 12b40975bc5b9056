/**
 * The core's Web Worker entry. The UI starts it with `createWorkerClient` (or
 * `new Worker(url, { type: 'module' })` and an init message), then talks to it through the
 * typed client only.
 */
import type { MessagePortLike } from '../../core/src/client/index.ts';
import { listenForInit } from './worker-main.ts';

listenForInit(globalThis as unknown as MessagePortLike);
