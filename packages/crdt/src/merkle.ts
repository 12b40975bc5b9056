/**
 * The merkle trie over message times. Keys are minutes since the epoch written in base 3, one
 * digit per level; every node on a message's path XORs in the timestamp's hash. Two replicas
 * with the same messages have the same root hash, and where the hashes part shows the earliest
 * minute from which their logs may differ. The JSON of a trie is what Actual stores and sends,
 * so node objects keep exactly Actual's shape: `{"0"?, "1"?, "2"?, "hash"?}`.
 */
import type { Timestamp } from './timestamp.ts';

export interface TrieNode {
  '0'?: TrieNode;
  '1'?: TrieNode;
  '2'?: TrieNode;
  hash?: number;
}

export type TrieKey = '0' | '1' | '2';

const TRIE_KEYS: readonly TrieKey[] = Object.freeze(['0', '1', '2'] as const);

/** Minute keys of current dates have 16 base-3 digits; shorter keys are padded to that. */
const KEY_DIGITS = 16;

export function emptyTrie(): TrieNode {
  return { hash: 0 };
}

/** The child keys present on a node, in ascending order. */
export function getKeys(trie: TrieNode): TrieKey[] {
  return TRIE_KEYS.filter((key) => trie[key] != null);
}

/**
 * The first millisecond of a (possibly partial) key: the digits are right-padded with `0`.
 * Actual throws for keys longer than 16 digits (minutes after 2051); those are read as they are.
 */
export function keyToTimestamp(key: string): number {
  return parseInt(key.padEnd(KEY_DIGITS, '0'), 3) * 60 * 1000;
}

/** The trie key of a timestamp: its whole minutes since the epoch in base 3. */
export function timestampKey(timestamp: Timestamp): string {
  return Math.floor(timestamp.millis() / 1000 / 60).toString(3);
}

/**
 * A copy of `node` with `hash` XORed in. Built field by field rather than by spreading: V8
 * spreads objects with integer-like keys several times slower, and this runs 17 times per
 * message. Only trie fields are kept; the JSON is the same because integer-like keys always
 * print first, in ascending order, and `hash` after them.
 */
function withHash(node: TrieNode, hash: number): TrieNode {
  const copy: TrieNode = {};
  if (node['0'] != null) copy['0'] = node['0'];
  if (node['1'] != null) copy['1'] = node['1'];
  if (node['2'] != null) copy['2'] = node['2'];
  copy.hash = (node.hash ?? 0) ^ hash;
  return copy;
}

/**
 * A new trie with `timestamp` added; nodes off its path are shared with the input. XOR makes
 * the result independent of insertion order, but inserting one timestamp twice cancels it out.
 * Hashes are signed 32-bit integers after the XOR, exactly as in Actual's JSON.
 */
export function insert(trie: TrieNode, timestamp: Timestamp): TrieNode {
  const key = timestampKey(timestamp);
  const hash = timestamp.hash();
  const root = withHash(trie, hash);
  let copy = root;
  for (const digit of key as Iterable<TrieKey>) {
    const child = withHash(copy[digit] ?? {}, hash);
    copy[digit] = child;
    copy = child;
  }
  return root;
}

/** A trie holding every given timestamp (unlike Actual's `build`, which returns an empty one). */
export function build(timestamps: Iterable<Timestamp>): TrieNode {
  let trie = emptyTrie();
  for (const timestamp of timestamps) trie = insert(trie, timestamp);
  return trie;
}

/**
 * `null` when both tries have the same root hash; otherwise the time (ms) from which the two
 * logs may differ. The walk descends into the lowest child whose hashes differ and stops at the
 * first child missing on one side, because pruning may have dropped it: the answer is then a
 * coarser (earlier) time, and the sync loop simply takes a few more rounds.
 *
 * A root without a hash counts as hash 0, so `{}` and `emptyTrie()` are equal here; Actual
 * reports time 0 for that pair.
 */
export function diff(trie1: TrieNode, trie2: TrieNode): number | null {
  if ((trie1.hash ?? 0) === (trie2.hash ?? 0)) return null;
  let node1 = trie1;
  let node2 = trie2;
  let prefix = '';
  for (;;) {
    let next: TrieKey | undefined;
    for (const key of TRIE_KEYS) {
      const child1 = node1[key];
      const child2 = node2[key];
      if (child1 == null && child2 == null) continue;
      if (child1 == null || child2 == null) break;
      if (child1.hash !== child2.hash) {
        next = key;
        break;
      }
    }
    if (next === undefined) return keyToTimestamp(prefix);
    prefix += next;
    node1 = node1[next] as TrieNode;
    node2 = node2[next] as TrieNode;
  }
}

/**
 * Keeps only the `n` most recent children of every node, recursively, with each node's hash
 * unchanged, which bounds the trie's size. Like Actual, a node whose hash is 0 (or missing) is
 * returned as it is.
 */
export function prune(trie: TrieNode, n = 2): TrieNode {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`prune keeps at least one child: ${n}`);
  return pruneNode(trie, n);
}

function pruneNode(trie: TrieNode, n: number): TrieNode {
  if (!trie.hash) return trie;
  const next: TrieNode = { hash: trie.hash };
  for (const key of getKeys(trie).slice(-n)) next[key] = pruneNode(trie[key] as TrieNode, n);
  return next;
}
