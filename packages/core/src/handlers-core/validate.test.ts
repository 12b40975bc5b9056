import { describe, expect, it } from 'vitest';
import { v } from './validate.ts';

describe('v.either', () => {
  const issuer = v.either(v.string(), v.object({ name: v.string() }));

  it('takes a value of either shape', () => {
    expect(issuer.check('https://id.example', 'issuer')).toBeNull();
    expect(issuer.check({ name: 'id' }, 'issuer')).toBeNull();
  });

  it('refuses a value of neither, naming what the first shape wanted', () => {
    expect(issuer.check(42, 'issuer')).toBe('issuer should be a string, got number');
    expect(issuer.check({ name: 1 }, 'issuer')).toBe('issuer should be a string, got object');
  });
});
