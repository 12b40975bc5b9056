import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCliServer } from './test-helpers/cli.ts';
import { bootstrap, call, startTestServer, tempDir, upload } from './test-helpers/harness.ts';
import { makeEnvelopes, syncOnce } from './test-helpers/messages.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a crash in the middle of an upload', () => {
  it('leaves the previous snapshot, row and message log in place', async () => {
    const dataDir = tempDir();
    const first = await startCliServer(dataDir);
    const token = await bootstrap(first.url, 'pw');
    const groupId = (await upload(first.url, token, 'f1', 'version one')).json.groupId as string;
    await syncOnce(first.url, { token, fileId: 'f1', groupId, messages: makeEnvelopes(5) });

    // A second upload that sends half of its body and then stalls.
    const total = 4 * 1024 * 1024;
    const req = request(`${first.url}/sync/upload-user-file`, {
      method: 'POST',
      headers: {
        'content-type': 'application/encrypted-file',
        'content-length': total,
        'x-actual-token': token,
        'x-actual-file-id': 'f1',
        'x-actual-name': 'Crashing',
        'x-actual-group-id': groupId,
        'x-actual-format': '2',
      },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(total / 2, 7));
    const userFiles = join(dataDir, 'user-files');
    const partial = () => readdirSync(userFiles).filter((f) => f.endsWith('.tmp'));
    for (let i = 0; i < 200 && !partial().some((f) => statSync(join(userFiles, f)).size > 0); i++) {
      await sleep(25);
    }
    expect(partial()).toHaveLength(1);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    req.destroy();

    const second = await startTestServer({ dataDir });
    const again = (await call(second.url, 'POST', '/account/login', { json: { password: 'pw' } }))
      .json.data.token as string;
    const down = await call(second.url, 'GET', '/sync/download-user-file', {
      token: again,
      headers: { 'x-actual-file-id': 'f1' },
    });
    expect(down.text).toBe('version one');
    const list = await call(second.url, 'GET', '/sync/list-user-files', { token: again });
    expect(list.json.data).toEqual([
      expect.objectContaining({ fileId: 'f1', groupId, name: 'My Budget' }),
    ]);
    const synced = await syncOnce(second.url, { token: again, fileId: 'f1', groupId });
    expect(synced.messages).toHaveLength(5);
    expect(partial()).toEqual([]);
    await second.stop();
  });
});
