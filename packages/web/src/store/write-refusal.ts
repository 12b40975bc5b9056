import type { Backend } from '../backend/backend.ts';
import { failureOf } from '../backend/backend.ts';
import type { Notification } from './notifications.ts';

/**
 * The core refuses every edit to a cloud file, with `unauthorized` marked `readOnly`, once the
 * server has rejected our token (until the user signs in again). Each screen handles its own
 * error values, and most edits expect none, so the refusal is caught here, on the way back
 * from the core, and shown once for all of them rather than failing silently.
 */
export function isReadOnlyRefusal(result: unknown): boolean {
  const error = failureOf(result);
  if (error?.type !== 'unauthorized') return false;
  const meta = error.meta;
  return typeof meta === 'object' && meta !== null && 'readOnly' in meta && meta.readOnly === true;
}

/** The spec's text for `unauthorized`, with the way out: sign in again. */
export function readOnlyNotice(): Omit<Notification, 'button'> & { button: { title: string } } {
  return {
    id: 'read-only',
    type: 'error',
    sticky: true,
    message: 'You are not logged in.',
    button: { title: 'Sign in' },
  };
}

/** `backend` with every refused edit reported to `onRefused`; results pass through unchanged. */
export function watchWriteRefusals(backend: Backend, onRefused: () => void): Backend {
  return {
    async send(name, ...args) {
      const result = await backend.send(name, ...args);
      if (isReadOnlyRefusal(result)) onRefused();
      return result;
    },
    listen: (event, callback) => backend.listen(event, callback),
  };
}
