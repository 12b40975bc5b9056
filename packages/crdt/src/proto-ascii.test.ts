import fc from 'fast-check';
import protobuf from 'protobufjs/light.js';
import { describe, expect, it } from 'vitest';
import { ProtobufDecodeError } from './errors.ts';
import { decodeMessage, encodeMessage } from './proto.ts';

/** protobufjs's reflected `Message` decoder: what `decodeMessage` must read the same as. */
const reference = protobuf.Root.fromJSON({
  nested: {
    Message: {
      fields: {
        dataset: { type: 'string', id: 1 },
        row: { type: 'string', id: 2 },
        column: { type: 'string', id: 3 },
        value: { type: 'string', id: 4 },
      },
    },
  },
}).lookupType('Message');

/** The reference's reading of `bytes`, as plain fields, or 'refused'. */
function referenceRead(bytes: Uint8Array): unknown {
  try {
    const m = reference.decode(new protobuf.Reader(bytes)) as unknown as Record<string, string>;
    return { dataset: m.dataset, row: m.row, column: m.column, value: m.value };
  } catch {
    return 'refused';
  }
}

function ours(bytes: Uint8Array): unknown {
  try {
    return { ...decodeMessage(bytes) };
  } catch (err) {
    expect(err).toBeInstanceOf(ProtobufDecodeError);
    return 'refused';
  }
}

const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 60 }); // prettier-ignore

describe('decodeMessage of all-ASCII bytes (one decode per message)', () => {
  it('reads a cell message as the reference decoder does', () => {
    const cell = { dataset: 'transactions', row: 'b1e5…', column: 'amount', value: 'N:-1234' };
    const plain = { ...cell, row: '7d4c2a9e-57a1-4c0e-9f6f-0f1d2b3c4d5e' };
    const bytes = encodeMessage(plain);
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    expect(decodeMessage(bytes)).toEqual(plain);
    // A byte past ASCII anywhere: read by the reader, the same fields.
    expect(decodeMessage(encodeMessage(cell))).toEqual(cell);
  });

  it('reads encoded ASCII messages, in any field order and with repeats, as the reference', () => {
    const field = fc.tuple(fc.constantFrom(1, 2, 3, 4), ascii);
    fc.assert(
      fc.property(fc.array(field, { maxLength: 6 }), (fields) => {
        const writer = new protobuf.Writer();
        for (const [id, text] of fields) writer.uint32((id << 3) | 2).string(text);
        const bytes = writer.finish();
        expect(ours(bytes)).toEqual(referenceRead(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('reads and refuses arbitrary ASCII bytes as the reference does', () => {
    const bytes = fc.uint8Array({ maxLength: 120, max: 0x7f });
    fc.assert(
      fc.property(bytes, (input) => {
        expect(ours(input)).toEqual(referenceRead(input));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves other wire types, unknown fields and overruns to the reader', () => {
    const cases = [
      Uint8Array.from([8, 1, 10, 1, 0x41]), // field 1 as a varint, then a string
      Uint8Array.from([42, 1, 0x41, 10, 1, 0x42]), // unknown field 5, then field 1
      Uint8Array.from([10, 5, 0x41]), // a length past the end
      Uint8Array.from([10]), // a tag with no length
    ];
    for (const input of cases) expect(ours(input)).toEqual(referenceRead(input));
  });
});
