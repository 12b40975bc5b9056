/**
 * What the `api/*` handlers remember between calls, owned by one running core (the module is
 * made per core by `createApiModule`, so two cores never share it).
 */
export interface ApiState {
  /** Between `api/start-import` and `api/finish-import` / `api/abort-import`. */
  importing: boolean;
  /** The open `api/batch-budget-start` batch: releasing it applies the buffered writes. */
  batch: { release: () => void; done: Promise<unknown> } | null;
}

export function createApiState(): ApiState {
  return { importing: false, batch: null };
}
