import type { Timers } from '../platform/index.ts';
import { LINK_FAILED, LINK_TIMEOUT } from './errors.ts';
import { type BankProxy, dataOf } from './proxy.ts';

export const POLL_INTERVAL_MS = 3000;
export const POLL_LIMIT_MS = 10 * 60 * 1000;

export type PollAnswer =
  | { data: Record<string, unknown> }
  | { error: 'timeout' | 'unknown' | 'stopped'; message?: string };

/**
 * Waits for the user to finish at the bank: asks the server for the requisition's accounts
 * every 3 s, for up to 10 minutes. One poll at a time per core: a new poll or a stop (the
 * external-message modal closing) ends the one running.
 */
export function createLinkPoller() {
  let current: { stop: () => void } | null = null;

  function poll(proxy: BankProxy, timers: Timers, requisitionId: string): Promise<PollAnswer> {
    current?.stop();
    // Counted in polls, not wall time, so a suspended app does not time out at once.
    let polls = 0;
    let handle: unknown = null;
    let done = false;
    return new Promise<PollAnswer>((resolve) => {
      const finish = (value: PollAnswer) => {
        if (done) return;
        done = true;
        if (handle !== null) timers.clearTimeout(handle);
        if (current === self) current = null;
        resolve(value);
      };
      const self = { stop: () => finish({ error: 'stopped' }) };
      current = self;
      const tick = async () => {
        if (done) return;
        if (polls * POLL_INTERVAL_MS >= POLL_LIMIT_MS) {
          return finish({ error: 'timeout', message: LINK_TIMEOUT });
        }
        polls += 1;
        const res = await proxy.post('/get-accounts', { requisitionId });
        if (done) return;
        // Not linked yet is an ok answer without data; a server-side failure (secrets gone,
        // unknown requisition) is an ok answer whose data carries an error code.
        if (!res.ok) return finish({ error: 'unknown', message: LINK_FAILED });
        const data = dataOf(res.value);
        if (typeof data.error_code === 'string') {
          return finish({ error: 'unknown', message: LINK_FAILED });
        }
        if (Array.isArray(data.accounts)) return finish({ data });
        handle = timers.setTimeout(() => void tick(), POLL_INTERVAL_MS);
      };
      void tick();
    });
  }

  return {
    poll,
    stop: () => current?.stop(),
  };
}
