import { join } from 'node:path';

/**
 * A file of the shared fixtures folder (`../shared/fixtures` beside the checkout), found from
 * this file's own place so the tests run from a checkout anywhere.
 */
export function fixture(relative: string): string {
  return join(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures', relative);
}
