import type { BankScheduleStatus } from '@coffer/core/ui';
import { useEffect, useState } from 'react';
import { answerOf } from '../../backend/backend.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { Checkbox } from '../kit/ui/Checkbox.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Select } from '../kit/ui/Select.tsx';

/** The intervals offered; providers limit how often an account may be read. */
export const INTERVALS: readonly { minutes: number; label: string }[] = [
  { minutes: 60, label: 'Every hour' },
  { minutes: 240, label: 'Every 4 hours' },
  { minutes: 720, label: 'Every 12 hours' },
  { minutes: 1440, label: 'Once a day' },
];

export function intervalLabel(minutes: number): string {
  const known = INTERVALS.find((i) => i.minutes === minutes);
  if (known) return known.label.toLowerCase();
  return minutes % 60 === 0 ? `every ${minutes / 60} hours` : `every ${minutes} minutes`;
}

/**
 * The server's scheduled bank sync: on, it fetches the linked bank accounts (SimpleFIN, Enable
 * Banking, GoCardless) and holds their new rows until the app imports them. Only an admin (or
 * the one user of a single-password server) may change it; everyone sees how it is set.
 */
export function BankScheduleSettings() {
  const store = useStore();
  const serverUrl = useAppState((s) => s.serverUrl);
  const [status, setStatus] = useState<BankScheduleStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!serverUrl) return;
    let live = true;
    void store.backend.send('bank-schedule-status').then((res) => {
      if (live) setStatus(answerOf(res));
    });
    return () => {
      live = false;
    };
  }, [store, serverUrl]);

  if (!serverUrl || !status) return null;

  /** Shown at once, as a control should; put back when the server refuses it. */
  async function change(enabled: boolean, intervalMinutes: number) {
    if (!status) return;
    const before = status;
    setError(null);
    setStatus({ ...before, enabled, intervalMinutes });
    const res = answerOf(
      await store.backend.send('bank-schedule-set', { enabled, intervalMinutes }),
    );
    setStatus(res ?? before);
    if (!res) setError('The server did not take the change. Try again.');
  }

  const every = intervalLabel(status.intervalMinutes);
  return (
    <section className="card settings-section" aria-label="Scheduled bank sync">
      <h2>Scheduled bank sync</h2>
      <p>
        The server can fetch your linked SimpleFIN, Enable Banking and GoCardless accounts on a
        schedule and hold the new transactions until this budget next opens or syncs in Coffer.
      </p>
      <p className="settings-help">
        Only Coffer’s app picks up the transactions the server holds: an Actual app sharing this
        budget does not.
      </p>
      {status.canChange ? (
        <div className="settings-grid">
          <Checkbox
            checked={status.enabled}
            onChange={(e) => void change(e.target.checked, status.intervalMinutes)}
          >
            Fetch linked accounts on a schedule
          </Checkbox>
          <label className="field">
            How often
            <Select
              label="How often"
              value={String(status.intervalMinutes)}
              disabled={!status.enabled}
              onChange={(e) => void change(status.enabled, Number(e.target.value))}
            >
              {INTERVALS.map((i) => (
                <option key={i.minutes} value={String(i.minutes)}>
                  {i.label}
                </option>
              ))}
              {!INTERVALS.some((i) => i.minutes === status.intervalMinutes) && (
                <option value={String(status.intervalMinutes)}>{every}</option>
              )}
            </Select>
          </label>
        </div>
      ) : (
        <p>
          {status.enabled
            ? `This server fetches linked accounts ${every}.`
            : 'This server does not fetch linked accounts on a schedule.'}{' '}
          An admin can change this.
        </p>
      )}
      {error && <ErrorText>{error}</ErrorText>}
    </section>
  );
}
