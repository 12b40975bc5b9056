import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValueDecodeError } from './errors.ts';
import { deserializeValue, serializeValue } from './value.ts';
import type { CellValue } from './value.ts';
import { loadActualValueCodec } from './test-helpers/actual.ts';

const actual = loadActualValueCodec();

const anyValue: fc.Arbitrary<CellValue> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.integer({ min: -1e12, max: 1e12 }).map((cents) => cents / 100),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    1e21,
    1e-7,
    0.1 + 0.2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    NaN,
    Infinity,
    -Infinity,
  ),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.json(),
);

function decodeOutcome(decode: (s: string) => unknown, text: string) {
  try {
    return { value: decode(text) };
  } catch {
    return { threw: true };
  }
}

describe('value codec against Actual', () => {
  it('writes every value the same way', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(serializeValue(value)).toBe(actual.serializeValue(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads every text the same way, and throws on the same ones', () => {
    const prefixed = fc
      .tuple(fc.constantFrom('0', 'N', 'S', 'n', 's', 'X', ''), fc.string())
      .map(([p, rest]) => p + rest);
    fc.assert(
      fc.property(fc.oneof(prefixed, fc.string(), anyValue.map(serializeValue)), (text) => {
        expect(decodeOutcome(deserializeValue, text)).toEqual(
          decodeOutcome(actual.deserializeValue, text),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('value codec', () => {
  it('round-trips strings, null and numbers (with -0 read back as 0)', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const back = deserializeValue(serializeValue(value));
        expect(back).toEqual(Object.is(value, -0) ? 0 : value);
      }),
      { numRuns: 1000 },
    );
  });

  it('uses the String() spelling of numbers', () => {
    expect(serializeValue(-0)).toBe('N:0');
    expect(serializeValue(1e21)).toBe('N:1e+21');
    expect(serializeValue(1e-7)).toBe('N:1e-7');
    expect(serializeValue(0.1 + 0.2)).toBe('N:0.30000000000000004');
    expect(serializeValue(NaN)).toBe('N:NaN');
    expect(serializeValue(-Infinity)).toBe('N:-Infinity');
    expect(serializeValue(20230806)).toBe('N:20230806');
    expect(serializeValue('')).toBe('S:');
    expect(serializeValue(null)).toBe('0:');
  });

  it('looks only at the first character, like Actual', () => {
    expect(deserializeValue('N:12abc')).toBe(12);
    expect(deserializeValue('Nx5')).toBe(5);
    expect(deserializeValue('N:')).toBeNaN();
    expect(deserializeValue('0whatever')).toBeNull();
    expect(deserializeValue('S')).toBe('');
  });

  it('throws a typed error on an unknown prefix', () => {
    for (const bad of ['', 'B:1', 's:x', ' N:1']) {
      expect(() => deserializeValue(bad)).toThrow(ValueDecodeError);
    }
    expect(() => serializeValue(true as unknown as CellValue)).toThrow(TypeError);
  });
});
