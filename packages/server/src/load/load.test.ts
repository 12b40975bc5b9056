import { merkle, Timestamp, type TrieNode } from '@coffer/crdt';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap, startTestServer, upload, type TestServer } from '../test-helpers/harness.ts';
import { runLoad } from './load-client.ts';

let t: TestServer;
afterEach(async () => t?.stop());

describe('concurrent clients on one group (short run; bench/server/load.ts is the 60 s one)', () => {
  it('stores every message once and leaves every client with the server trie', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    const groupId = (await upload(t.url, token, 'load-file', 'zip')).json.groupId as string;

    const result = await runLoad(
      { url: t.url, token, fileId: 'load-file', groupId },
      { clients: 20, messagesPerClient: 100, batchSize: 20, durationMs: 2000 },
    );

    expect(result.errors).toEqual([]);
    expect(result.clientsComplete).toBe(true);
    expect(await t.server.context.groups.count(groupId)).toBe(result.created);

    const serverTrie = JSON.parse(result.serverMerkle) as TrieNode;
    for (const hash of result.clientHashes) expect(hash).toBe(serverTrie.hash);
    // The server's trie is exactly the pruned trie of all stored timestamps.
    const stored = await t.server.context.groups.timestamps(groupId);
    expect(new Set(stored).size).toBe(result.created);
    const rebuilt = merkle.prune(
      stored.reduce((trie, ts) => merkle.insert(trie, Timestamp.parse(ts)!), {} as TrieNode),
    );
    expect(serverTrie).toEqual(rebuilt);
  });
});
