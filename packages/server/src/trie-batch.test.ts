import { merkle as actualMerkle, Timestamp as ActualTimestamp } from '@actual-app/crdt';
import { merkle, Timestamp, type TrieNode } from '@coffer/crdt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertAll, readStamp } from './trie-batch.ts';

const canonical = fc
  .tuple(
    fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
    fc.integer({ min: 0, max: 0xffff }),
    fc.stringMatching(/^[0-9a-f]{16}$/),
  )
  .map(([millis, counter, node]) => new Timestamp(millis, counter, node).toString());

/** Strings Actual accepts but would print differently: they must hash the way Actual hashes them. */
const unusual = fc.constantFrom(
  '2024-01-01T00:00:00Z-0000-0123456789abcdef',
  '2024-01-01T00:00:00.000Z-00ff-0123456789abcdef',
  '2024-01-01T00:00:00.000Z-0001-abc',
  '2024-01-01T00:00:00.000+01:00-0001-0123456789abcdef',
);

describe('batched trie insertion', () => {
  it('gives the trie of inserting one by one, for any timestamps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(canonical, unusual), { maxLength: 60 }),
        fc.array(canonical, { maxLength: 20 }),
        (batch, before) => {
          let start: TrieNode = {};
          for (const s of before) start = merkle.insert(start, Timestamp.parse(s)!);
          const frozen = JSON.stringify(start);
          let expected = start;
          for (const s of batch) expected = merkle.insert(expected, Timestamp.parse(s)!);
          const actual = insertAll(
            start,
            batch.map((s) => readStamp(s)!),
          );
          expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
          expect(JSON.stringify(start)).toBe(frozen);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hashes like Actual, including strings it would re-print', () => {
    fc.assert(
      fc.property(fc.oneof(canonical, unusual), (s) => {
        expect(readStamp(s)!.hash).toBe(ActualTimestamp.parse(s)!.hash());
        let trie = {} as ReturnType<typeof actualMerkle.emptyTrie>;
        trie = actualMerkle.insert(trie, ActualTimestamp.parse(s)!);
        expect(insertAll({}, [readStamp(s)!])).toEqual(JSON.parse(JSON.stringify(trie)));
      }),
    );
  });

  it('refuses what Timestamp.parse refuses', () => {
    for (const s of [
      '',
      'nope',
      '2024-01-01T00:00:00.000Z-0000',
      '1969-12-31T23:59:59.999Z-0000-0123456789abcdef',
    ]) {
      expect(readStamp(s)).toBeNull();
    }
  });
});
