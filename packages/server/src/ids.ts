/**
 * File and group ids become parts of file names, so they are limited to letters, digits, `-` and
 * `_` (Actual's clients mint v4 UUIDs). Nothing else can reach the file system.
 */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function isSafeId(id: unknown): id is string {
  return typeof id === 'string' && SAFE_ID.test(id);
}
