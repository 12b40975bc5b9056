import { merkle, type Timestamp, type TrieNode } from '@coffer/crdt';

type Key = '0' | '1' | '2';

/**
 * Insert many timestamps at once. Equal to folding `merkle.insert` over them (XOR is
 * associative), but each distinct minute's path is copied once instead of once per message:
 * an import of 50,000 rows lands in a handful of minutes.
 */
export function insertMany(trie: TrieNode, timestamps: Iterable<Timestamp>): TrieNode {
  const byKey = new Map<string, number>();
  for (const ts of timestamps) {
    const key = merkle.timestampKey(ts);
    byKey.set(key, (byKey.get(key) ?? 0) ^ ts.hash());
  }
  let root = trie;
  for (const [key, hash] of byKey) root = insertPath(root, key, 0, hash);
  return root;
}

function insertPath(node: TrieNode, key: string, depth: number, hash: number): TrieNode {
  const copy: TrieNode = { ...node, hash: (node.hash ?? 0) ^ hash };
  const digit = key[depth] as Key | undefined;
  if (digit !== undefined) copy[digit] = insertPath(node[digit] ?? {}, key, depth + 1, hash);
  return copy;
}
