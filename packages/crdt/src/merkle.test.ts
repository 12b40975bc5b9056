import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as merkle from './merkle.ts';
import type { TrieNode } from './merkle.ts';
import { Timestamp } from './timestamp.ts';
import { ActualTimestamp, actualMerkle } from './test-helpers/actual.ts';
import { LAST_16_DIGIT_MILLIS, clusteredTimestamps } from './test-helpers/arbitraries.ts';

const toReal = (t: Timestamp) => new ActualTimestamp(t.millis(), t.counter(), t.node());
const realBuild = (ts: Timestamp[], start: TrieNode = actualMerkle.emptyTrie()) =>
  ts.reduce((trie, t) => actualMerkle.insert(trie, toReal(t)), start);
const json = (trie: TrieNode) => JSON.stringify(trie);

/** Two logs that share some messages: what two replicas hold mid-sync. */
const twoLogs = clusteredTimestamps({ maxLength: 60 }).chain((all) =>
  fc.tuple(fc.subarray(all), fc.subarray(all)),
);

describe('merkle trie against Actual', () => {
  it('builds byte-identical JSON from the same inserts, before and after pruning', () => {
    fc.assert(
      fc.property(clusteredTimestamps({ early: true }), fc.integer({ min: 1, max: 3 }), (ts, n) => {
        const ours = ts.reduce(merkle.insert, merkle.emptyTrie());
        const real = realBuild(ts);
        expect(json(ours)).toBe(json(real));
        expect(json(merkle.prune(ours, n))).toBe(json(actualMerkle.prune(real, n)));
        expect(json(merkle.prune(ours))).toBe(json(actualMerkle.prune(real)));
        expect(json(merkle.build(ts))).toBe(json(real));
      }),
      { numRuns: 300 },
    );
  });

  it('matches from a `{}` start too, and when a timestamp goes in twice', () => {
    fc.assert(
      fc.property(clusteredTimestamps({ maxLength: 10 }), (ts) => {
        const twice = [...ts, ...ts.slice(0, 3)];
        const ours = twice.reduce(merkle.insert, {} as TrieNode);
        const real = realBuild(twice, {});
        expect(json(ours)).toBe(json(real));
        expect(json(merkle.prune(ours))).toBe(json(actualMerkle.prune(real)));
      }),
    );
  });

  it('keeps growing pruned tries identical, as the sync loop does (insert, prune, repeat)', () => {
    fc.assert(
      fc.property(fc.array(clusteredTimestamps({ maxLength: 15 }), { maxLength: 5 }), (batches) => {
        let ours: TrieNode = {};
        let real: TrieNode = {};
        for (const batch of batches) {
          ours = merkle.prune(batch.reduce(merkle.insert, ours));
          real = actualMerkle.prune(realBuild(batch, real));
          expect(json(ours)).toBe(json(real));
        }
      }),
    );
  });

  it('finds the same divergence time for any two logs, pruned or not', () => {
    fc.assert(
      fc.property(twoLogs, ([a, b]) => {
        const [oursA, oursB] = [merkle.build(a), merkle.build(b)];
        const [realA, realB] = [realBuild(a), realBuild(b)];
        expect(merkle.diff(oursA, oursB)).toBe(actualMerkle.diff(realA, realB));
        expect(merkle.diff(merkle.prune(oursA), merkle.prune(oursB))).toBe(
          actualMerkle.diff(actualMerkle.prune(realA), actualMerkle.prune(realB)),
        );
        expect(merkle.diff(merkle.prune(oursA), oursB)).toBe(
          actualMerkle.diff(actualMerkle.prune(realA), realB),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('has the same keys and key times', () => {
    const trie = merkle.build([new Timestamp(Date.UTC(2023, 7, 6), 0, '1')]);
    expect(merkle.getKeys(trie)).toEqual(actualMerkle.getKeys(trie));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '2'), maxLength: 16 }), (key) => {
        expect(merkle.keyToTimestamp(key)).toBe(actualMerkle.keyToTimestamp(key));
      }),
    );
  });
});

describe('merkle trie', () => {
  it('builds the trie its timestamps make (Actual’s build returns an empty trie)', () => {
    const ts = [
      new Timestamp(Date.UTC(2023, 7, 6), 0, '1'),
      new Timestamp(Date.UTC(2023, 7, 7), 2, '2'),
    ];
    expect(merkle.build([])).toEqual(merkle.emptyTrie());
    expect(merkle.build(ts)).toEqual(
      merkle.insert(merkle.insert(merkle.emptyTrie(), ts[0]!), ts[1]!),
    );
    expect(merkle.build(ts).hash).toBe((ts[0]!.hash() ^ ts[1]!.hash()) | 0);
    expect(actualMerkle.build(ts.map(toReal))).toEqual({ hash: 0 });
  });

  it('lays keys out as base-3 minutes and XORs the hash into every node on the path', () => {
    const ts = new Timestamp(Date.UTC(2023, 7, 6, 10, 0, 59, 999), 0, 'a1b2c3d4e5f60718');
    const key = Math.floor(ts.millis() / 60_000).toString(3);
    expect(key).toHaveLength(16);
    expect(merkle.timestampKey(ts)).toBe(key);
    let node: TrieNode | undefined = merkle.insert(merkle.emptyTrie(), ts);
    for (const digit of key) {
      expect(node?.hash).toBe(ts.hash() | 0);
      expect(merkle.getKeys(node ?? {})).toEqual([digit]);
      node = node?.[digit as merkle.TrieKey];
    }
    expect(node).toEqual({ hash: ts.hash() | 0 });
    expect(merkle.keyToTimestamp(key)).toBe(Date.UTC(2023, 7, 6, 10));
  });

  it('does not change the trie it inserts into', () => {
    const before = merkle.build([new Timestamp(Date.UTC(2023, 0, 1), 0, '1')]);
    const copy = structuredClone(before);
    merkle.insert(before, new Timestamp(Date.UTC(2023, 0, 1), 1, '1'));
    expect(before).toEqual(copy);
  });

  it('gives the same trie whatever order the timestamps arrive in', () => {
    fc.assert(
      fc.property(
        clusteredTimestamps({ early: true }).chain((ts) =>
          fc.tuple(fc.constant(ts), fc.shuffledSubarray(ts, { minLength: ts.length })),
        ),
        ([ts, shuffled]) => {
          expect(json(merkle.build(shuffled))).toBe(json(merkle.build(ts)));
          expect(json(merkle.prune(merkle.build(shuffled)))).toBe(
            json(merkle.prune(merkle.build(ts))),
          );
        },
      ),
    );
  });

  it('reports no difference for equal logs and never a time after the first differing message', () => {
    fc.assert(
      fc.property(twoLogs, ([a, b]) => {
        const inA = new Set(a.map(String));
        const inB = new Set(b.map(String));
        const differing = [
          ...a.filter((t) => !inB.has(String(t))),
          ...b.filter((t) => !inA.has(String(t))),
        ];
        const d = merkle.diff(merkle.build(a), merkle.build(b));
        if (differing.length === 0) {
          expect(d).toBeNull();
        } else {
          expect(d).not.toBeNull();
          expect(d).toBeLessThanOrEqual(Math.min(...differing.map((t) => t.millis())));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lets two pruned replicas converge by exchanging what each has since the diff time', () => {
    fc.assert(
      fc.property(twoLogs, ([a, b]) => {
        const replicas = [a, b].map((log) => ({
          log: new Map(log.map((t) => [String(t), t])),
          trie: merkle.prune(merkle.build(log)),
        }));
        const [one, two] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
        const deliver = (from: typeof one, to: typeof one, since: number) => {
          for (const t of from.log.values()) {
            if (t.millis() < since || to.log.has(String(t))) continue;
            to.log.set(String(t), t);
            to.trie = merkle.prune(merkle.insert(to.trie, t));
          }
        };
        for (let round = 0; round < 100; round++) {
          const since = merkle.diff(one.trie, two.trie);
          if (since === null) break;
          deliver(one, two, since);
          deliver(two, one, since);
        }
        expect(merkle.diff(one.trie, two.trie)).toBeNull();
        expect([...one.log.keys()].sort()).toEqual([...two.log.keys()].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('treats a missing root hash as 0 (Actual reports time 0 for `{}` against an empty trie)', () => {
    expect(merkle.diff({}, merkle.emptyTrie())).toBeNull();
    expect(actualMerkle.diff({}, actualMerkle.emptyTrie())).toBe(0);
  });

  it('reads keys past 2051 instead of throwing as Actual does', () => {
    const late = new Timestamp(LAST_16_DIGIT_MILLIS + 1, 0, '1');
    const key = merkle.timestampKey(late);
    expect(key).toHaveLength(17);
    expect(merkle.keyToTimestamp(key)).toBe(LAST_16_DIGIT_MILLIS + 1);
    expect(() => actualMerkle.keyToTimestamp(key)).toThrow(RangeError);
    expect(merkle.diff(merkle.build([late]), merkle.emptyTrie())).toBe(0);
  });

  it('prunes to the n most recent children and refuses n < 1', () => {
    const days = [1, 2, 3, 4].map((d) => new Timestamp(Date.UTC(2023, 0, d * 7), 0, '1'));
    const pruned = merkle.prune(merkle.build(days), 1);
    let node: TrieNode | undefined = pruned;
    while (node && merkle.getKeys(node).length > 0) {
      expect(merkle.getKeys(node)).toHaveLength(1);
      node = node[merkle.getKeys(node)[0]!];
    }
    expect(pruned.hash).toBe(merkle.build(days).hash);
    expect(() => merkle.prune(pruned, 0)).toThrow(RangeError);
  });
});
