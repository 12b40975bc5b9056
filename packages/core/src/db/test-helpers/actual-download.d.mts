/** The loaded `@actual-app/api` module (either version), after `init`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both api versions, loosely typed
type AnyActualApi = any;

export function downloadActualBudget(
  api: AnyActualApi,
  syncId: string,
  options?: { password?: string },
): Promise<string>;
