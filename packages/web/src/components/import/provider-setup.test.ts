import { describe, expect, it } from 'vitest';
import { setupOf } from './provider-setup.ts';

describe('a bank provider’s setup', () => {
  it('is what the server says, configured or not', () => {
    expect(setupOf({ ok: true, value: { configured: true } })).toEqual({
      kind: 'ready',
      configured: true,
    });
    expect(setupOf({ ok: true, value: { configured: false } })).toEqual({
      kind: 'ready',
      configured: false,
    });
  });

  it('is no server when the status call fails', () => {
    expect(setupOf({ ok: false, error: 'network-failure' })).toEqual({ kind: 'no-server' });
  });
});
