/**
 * The message the page sends its core worker as the page goes away (`pagehide`), in a module of
 * its own so the page's side imports no core code with it.
 */
export const LEAVING_MESSAGE = { type: 'leaving' } as const;

export function isLeavingMessage(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'leaving'
  );
}
