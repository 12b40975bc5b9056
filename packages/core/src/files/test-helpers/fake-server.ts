import {
  type SyncRequest,
  Timestamp,
  type TrieNode,
  decodeSyncRequest,
  encodeSyncResponse,
  merkle,
} from '@coffer/crdt';

export type SyncAnswer =
  | {
      merkle: TrieNode;
      messages?: Array<{ timestamp: string; isEncrypted: boolean; content: Uint8Array }>;
    }
  | { status: number; text: string; json?: boolean };

/**
 * A stand-in sync server for loop tests: `/sync/sync` answers come from `answer` (given the
 * decoded request and its index); everything else is a plain OK.
 */
export function fakeSyncServer(
  answer: (req: SyncRequest, n: number) => SyncAnswer | Promise<SyncAnswer>,
) {
  const requests: SyncRequest[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/sync/sync')) {
      const req = decodeSyncRequest(init!.body as Uint8Array);
      requests.push(req);
      const res = await answer(req, requests.length - 1);
      if ('status' in res) {
        return new Response(res.text, {
          status: res.status,
          headers: { 'content-type': res.json ? 'application/json' : 'text/html' },
        });
      }
      const body = encodeSyncResponse({
        messages: res.messages ?? [],
        merkle: JSON.stringify(res.merkle),
      });
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'application/actual-sync' },
      });
    }
    return new Response(JSON.stringify({ status: 'ok', data: {} }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/**
 * The merkle a real server would answer with: seeded with what it already holds, then every
 * new message timestamp it is sent.
 */
export function serverTrie() {
  let trie: TrieNode = {};
  const seen = new Set<string>();
  return {
    seed(initial: TrieNode) {
      trie = JSON.parse(JSON.stringify(initial)) as TrieNode;
    },
    absorb(req: SyncRequest): TrieNode {
      for (const m of req.messages) {
        if (seen.has(m.timestamp)) continue;
        seen.add(m.timestamp);
        trie = merkle.insert(trie, Timestamp.parse(m.timestamp)!);
      }
      trie = merkle.prune(trie);
      return trie;
    },
  };
}
