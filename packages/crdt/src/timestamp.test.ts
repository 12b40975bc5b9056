import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MutableTimestamp,
  Timestamp,
  TimestampPrinter,
  hashTimestampText,
  isoString,
  makeClientId,
} from './timestamp.ts';
import {
  anyCounter,
  anyMillis,
  anyNode,
  anyTimestamp,
  hexNode,
} from './test-helpers/arbitraries.ts';
import { Actual, ActualTimestamp } from './test-helpers/actual.ts';

const toReal = (t: Timestamp) => new ActualTimestamp(t.millis(), t.counter(), t.node());

function fields(t: { millis(): number; counter(): number; node(): string } | null) {
  return t && { millis: t.millis(), counter: t.counter(), node: t.node(), text: t.toString() };
}

describe('Timestamp', () => {
  it('prints the 46-character form', () => {
    const ts = new Timestamp(Date.UTC(2023, 7, 6, 10), 3, 'a1b2c3d4e5f60718');
    expect(ts.toString()).toBe('2023-08-06T10:00:00.000Z-0003-a1b2c3d4e5f60718');
    expect(new Timestamp(0, 0xabc, '7').toString()).toBe(
      '1970-01-01T00:00:00.000Z-0ABC-0000000000000007',
    );
  });

  it('has the same zero, max and since as Actual', () => {
    expect(Timestamp.zero.toString()).toBe(ActualTimestamp.zero.toString());
    expect(Timestamp.max.toString()).toBe(ActualTimestamp.max.toString());
    expect(Timestamp.max.hash()).toBe(ActualTimestamp.max.hash());
    fc.assert(
      fc.property(anyMillis, (millis) => {
        const iso = new Date(millis).toISOString();
        expect(Timestamp.since(iso)).toBe(ActualTimestamp.since(iso));
      }),
    );
  });

  it('normalises the instant in since(), where Actual pastes the text as it is', () => {
    expect(Timestamp.since('2023-08-06T10:00:00Z')).toBe(
      '2023-08-06T10:00:00.000Z-0000-0000000000000000',
    );
    expect(() => Timestamp.since('yesterday')).toThrow(RangeError);
  });

  it('prints and hashes like Actual for any valid fields', () => {
    fc.assert(
      fc.property(anyTimestamp, (ts) => {
        const real = toReal(ts);
        expect(ts.toString()).toBe(real.toString());
        if (ts.millis() < Date.UTC(10000, 0, 1)) expect(ts.toString()).toHaveLength(46);
        expect(ts.hash()).toBe(real.hash());
        expect(ts.valueOf()).toBe(real.valueOf());
      }),
      { numRuns: 500 },
    );
  });

  it('parses what it prints, exactly as Actual does', () => {
    fc.assert(
      fc.property(anyTimestamp, (ts) => {
        const text = ts.toString();
        expect(fields(Timestamp.parse(text))).toEqual(fields(ActualTimestamp.parse(text)));
        if (/^[0-9a-f]*$/.test(ts.node())) expect(Timestamp.parse(text)?.toString()).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts and rejects the same damaged strings as Actual', () => {
    const canonical = fc
      .tuple(anyMillis, anyCounter, hexNode)
      .map(([m, c, n]) => new Timestamp(m, c, n).toString());
    const edit = fc.tuple(
      fc.nat(),
      fc.constantFrom(...'-0129aAfFgxZT:. +'),
      fc.constantFrom('replace', 'insert', 'delete'),
    );
    const damaged = fc
      .tuple(canonical, fc.array(edit, { minLength: 1, maxLength: 3 }))
      .map(([text, edits]) => {
        let out = text;
        for (const [at, ch, kind] of edits) {
          const i = at % (out.length + 1);
          if (kind === 'replace') out = out.slice(0, i) + ch + out.slice(i + 1);
          else if (kind === 'insert') out = out.slice(0, i) + ch + out.slice(i);
          else out = out.slice(0, i) + out.slice(i + 1);
        }
        return out;
      });
    fc.assert(
      fc.property(fc.oneof(damaged, fc.string()), (text) => {
        const ours = Timestamp.parse(text);
        expect(fields(ours)).toEqual(fields(ActualTimestamp.parse(text)));
        if (ours) expect(ours.hash()).toBe(ActualTimestamp.parse(text)?.hash());
      }),
      { numRuns: 2000 },
    );
  });

  it('parses month ends, leap days and days past a month as Actual does', () => {
    for (const date of [
      '2024-02-29',
      '2026-02-28',
      '2026-11-30',
      '2026-12-31',
      '2000-02-29',
      '1970-01-01',
      '2026-02-29',
      '2026-11-31',
      '2100-02-29',
    ]) {
      const text = `${date}T23:59:59.999Z-00A0-be403e3a50141dfb`;
      const ours = Timestamp.parse(text);
      expect(fields(ours)).toEqual(fields(ActualTimestamp.parse(text)));
      expect(ours?.hash()).toBe(ActualTimestamp.parse(text)?.hash());
      // Only a day within its month prints back as it was written.
      const real = new Date(Date.parse(`${date}T00:00:00.000Z`)).toISOString().slice(0, 10);
      expect(ours?.toString() === text).toBe(real === date);
    }
  });

  it('parses leniently where Actual does', () => {
    expect(Timestamp.parse('2023-08-06-1-abc')?.toString()).toBe(
      '2023-08-06T00:00:00.000Z-0001-0000000000000abc',
    );
    expect(Timestamp.parse('1969-12-31T23:59:59.999Z-0000-0000000000000000')).toBeNull();
    expect(Timestamp.parse('2023-08-06T10:00:00.000Z-10000-0000000000000000')).toBeNull();
    expect(Timestamp.parse('2023-08-06T10:00:00.000Z-0000-00000000000000000')).toBeNull();
    const ts = new Timestamp(5, 5, '5');
    expect(Timestamp.parse(ts)).toBe(ts);
  });

  it('rejects fields no timestamp can hold', () => {
    expect(() => new Timestamp(-1, 0, '')).toThrow(RangeError);
    expect(() => new Timestamp(1.5, 0, '')).toThrow(RangeError);
    expect(() => new Timestamp(8.64e15 + 1, 0, '')).toThrow(RangeError);
    expect(() => new Timestamp(0, 0x10000, '')).toThrow(RangeError);
    expect(() => new Timestamp(0, -1, '')).toThrow(RangeError);
    expect(() => new Timestamp(0, 0, '0'.repeat(17))).toThrow(RangeError);
  });
});

describe('MutableTimestamp', () => {
  it('changes in place and validates like the constructor', () => {
    const ts = MutableTimestamp.from(new Timestamp(1000, 1, 'abc'));
    ts.setMillis(2000);
    ts.setCounter(7);
    ts.setNode('def');
    expect(ts.toString()).toBe(new Timestamp(2000, 7, 'def').toString());
    expect(() => ts.setCounter(0x10000)).toThrow(RangeError);
    expect(() => ts.setMillis(-5)).toThrow(RangeError);
    expect(ts.counter()).toBe(7);
  });
});

describe('TimestampPrinter', () => {
  it('prints what toString prints, whichever millis come in whichever order', () => {
    fc.assert(
      fc.property(
        anyNode,
        fc.array(fc.tuple(anyMillis, anyCounter), { maxLength: 20 }),
        (node, readings) => {
          const printer = new TimestampPrinter(node);
          for (const [millis, counter] of readings) {
            expect(printer.text(millis, counter)).toBe(
              new Timestamp(millis, counter, node).toString(),
            );
          }
        },
      ),
    );
  });

  it('hashes what hashTimestampText hashes of the text it prints', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyNode, fc.constantFrom('nodé', '0123456789abcdé')),
        fc.array(fc.tuple(anyMillis, anyCounter), { maxLength: 20 }),
        (node, readings) => {
          const printer = new TimestampPrinter(node);
          for (const [millis, counter] of readings) {
            expect(printer.hash(millis, counter)).toBe(
              hashTimestampText(printer.text(millis, counter)),
            );
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses what the constructor refuses', () => {
    const printer = new TimestampPrinter('abc');
    expect(() => printer.hash(1000, 0x10000)).toThrow(RangeError);
    expect(() => printer.hash(-5, 0)).toThrow(RangeError);
    expect(() => printer.text(1000, 0x10000)).toThrow(RangeError);
    expect(() => printer.text(-5, 0)).toThrow(RangeError);
    expect(() => new TimestampPrinter('0123456789abcdef0')).toThrow(RangeError);
  });
});

describe('makeClientId', () => {
  it('keeps the last 16 hex digits of the UUID, in the form Actual makes', () => {
    expect(makeClientId('2F1B7C56-8A9D-4E3F-B1C2-D3E4F5A6B7C8')).toBe('b1c2d3e4f5a6b7c8');
    expect(Actual.makeClientId()).toMatch(/^[0-9a-f]{16}$/);
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        const id = makeClientId(uuid);
        expect(id).toMatch(/^[0-9a-f]{16}$/);
        expect(uuid.toLowerCase().replace(/-/g, '').endsWith(id)).toBe(true);
      }),
    );
    expect(() => makeClientId('not-a-uuid')).toThrow(TypeError);
  });
});

describe('Timestamp caches', () => {
  it('prints and hashes a mutable timestamp afresh after every change', () => {
    const ts = new MutableTimestamp(Date.UTC(2023, 7, 6), 1, 'a1b2c3d4e5f60718');
    const first = [ts.toString(), ts.hash()];
    ts.setCounter(2);
    ts.setMillis(Date.UTC(2023, 7, 7));
    ts.setNode('0000000000000001');
    const fresh = new Timestamp(Date.UTC(2023, 7, 7), 2, '0000000000000001');
    expect([ts.toString(), ts.hash()]).toEqual([fresh.toString(), fresh.hash()]);
    expect([ts.toString(), ts.hash()]).not.toEqual(first);
    expect(ts.hash()).toBe(toReal(ts).hash());
  });

  it('keeps a parsed string only where it prints the same (else prints and hashes afresh)', () => {
    const node = 'a1b2c3d4e5f60718';
    const cases = [
      ['2026-11-29T10:00:00.000Z-00AB-' + node, '2026-11-29T10:00:00.000Z-00AB-' + node],
      ['2024-02-29T10:00:00.000Z-0000-' + node, '2024-02-29T10:00:00.000Z-0000-' + node],
      ['2026-02-30T10:00:00.000Z-0000-' + node, '2026-03-02T10:00:00.000Z-0000-' + node],
      ['2025-02-29T10:00:00.000Z-0000-' + node, '2025-03-01T10:00:00.000Z-0000-' + node],
      ['2026-04-31T10:00:00.000Z-0000-' + node, '2026-05-01T10:00:00.000Z-0000-' + node],
      ['2026-01-01T24:00:00.000Z-0000-' + node, '2026-01-02T00:00:00.000Z-0000-' + node],
      ['2026-11-29T10:00:00.000Z-00ab-' + node, '2026-11-29T10:00:00.000Z-00AB-' + node],
      ['2026-11-29T10:00:00.000Z-00AB-1', '2026-11-29T10:00:00.000Z-00AB-0000000000000001'],
    ];
    for (const [text, printed] of cases) {
      const parsed = Timestamp.parse(text as string);
      const fresh = new Timestamp(parsed!.millis(), parsed!.counter(), parsed!.node());
      expect([parsed?.toString(), parsed?.hash()]).toEqual([printed, fresh.hash()]);
      expect(fresh.toString()).toBe(printed);
      expect(parsed?.hash()).toBe(ActualTimestamp.parse(text as string)?.hash());
    }
  });

  it('leaves no cached state visible to equality', () => {
    const printed = new Timestamp(5, 1, 'ab');
    printed.hash();
    expect(printed).toEqual(new Timestamp(5, 1, 'ab'));
  });
});

describe('isoString', () => {
  it('prints what Date#toISOString prints, for any valid millis', () => {
    const edges = [
      0,
      1,
      951_782_399_999, // 2000-02-28T23:59:59.999Z
      951_868_800_000, // 2000-03-01
      4_107_542_399_999, // 2100-02-28T23:59:59.999Z
      253_402_300_799_999, // the last ms of year 9999
      253_402_300_800_000, // +010000-01-01
      8.64e15,
    ];
    for (const millis of edges) expect(isoString(millis)).toBe(new Date(millis).toISOString());
    fc.assert(
      fc.property(anyMillis, (millis) => {
        expect(isoString(millis)).toBe(new Date(millis).toISOString());
      }),
      { numRuns: 2000 },
    );
  });
});

describe('MutableTimestamp printing', () => {
  it('prints as a fresh Timestamp with the same fields after any sequence of changes', () => {
    const change = fc.oneof(
      anyMillis.map((v) => ['millis', v] as const),
      anyCounter.map((v) => ['counter', v] as const),
      hexNode.map((v) => ['node', v] as const),
    );
    fc.assert(
      fc.property(anyTimestamp, fc.array(change, { maxLength: 12 }), (start, changes) => {
        const ts = MutableTimestamp.from(start);
        for (const [field, value] of changes) {
          if (field === 'millis') ts.setMillis(value);
          else if (field === 'counter') ts.setCounter(value);
          else ts.setNode(value);
          const fresh = new Timestamp(ts.millis(), ts.counter(), ts.node());
          expect(ts.toString()).toBe(fresh.toString());
          expect(ts.snapshot().toString()).toBe(fresh.toString());
          expect(ts.snapshot().hash()).toBe(fresh.hash());
        }
      }),
      { numRuns: 300 },
    );
  });
});
