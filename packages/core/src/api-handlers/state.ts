/**
 * What the `api/*` handlers remember between calls, owned by one running core (the module is
 * made per core by `createApiModule`, so two cores never share it).
 */
export interface ApiState {
  /** The budget being built, between `api/start-import` and its finish or abort. */
  importing: string | null;
  /** The open `api/batch-budget-start` batch: releasing it applies the buffered writes. */
  batch: { release: () => void; done: Promise<unknown> } | null;
}

export function createApiState(): ApiState {
  return { importing: null, batch: null };
}
