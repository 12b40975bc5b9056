/**
 * Why a sync stopped, as the `sync-event` error subtype (the spec's list: out-of-sync,
 * file-old-version, file-key-mismatch, file-not-found, file-needs-upload, file-has-reset,
 * file-has-new-key, encrypt-failure, decrypt-failure, invalid-schema, apply-failure, network),
 * plus `clock-drift` and `invalid-message`, which the UI shows as a generic sync problem.
 * Thrown inside the sync client only; the loop turns it into a returned value and an event.
 */
export class SyncFailure extends Error {
  constructor(
    readonly reason: string,
    readonly meta?: unknown,
  ) {
    super(`Sync failed: ${reason}`);
    this.name = 'SyncFailure';
  }
}
