import { describe, expect, it } from 'vitest';
import served from '../../public/version.json';
import { APP_VERSION } from './version.ts';

describe('served version', () => {
  it('is the version this build reports, so a fresh tab shows no update banner', () => {
    expect(served.version).toBe(APP_VERSION);
  });
});
