import { describe, expect, it } from 'vitest';
import { type LocalBudget, type RemoteFile, reconcileFiles } from './file-list.ts';

const remote = (fileId: string, name: string, more: Partial<RemoteFile> = {}): RemoteFile => ({
  fileId,
  groupId: `g-${fileId}`,
  name,
  deleted: false,
  encryptKeyId: null,
  hasKey: false,
  ...more,
});

describe('reconcileFiles', () => {
  const local: LocalBudget[] = [
    { id: 'only-here', name: 'zebra' },
    {
      id: 'synced',
      name: 'Apples',
      cloudFileId: 'f1',
      groupId: 'g-f1',
      lastOpened: '2024-03-01T10:00:00.000Z',
    },
    { id: 'detached', name: 'Detached', cloudFileId: 'f2', groupId: 'old-group' },
    { id: 'broken', name: 'aardvark', cloudFileId: 'gone', groupId: 'g' },
    { id: 'deleted', name: 'Deleted', cloudFileId: 'f4', groupId: 'g-f4' },
  ];
  const server: RemoteFile[] = [
    remote('f1', 'Apples (server name)', { encryptKeyId: 'k1', hasKey: true }),
    remote('f2', 'Detached'),
    remote('f3', 'banana'),
    remote('f4', 'Deleted', { deleted: true }),
    remote('f5', 'Trashed', { deleted: true }),
  ];

  it('gives each file its state, drops deleted ones, sorts by name with broken last', () => {
    const files = reconcileFiles(local, server);
    expect(files.map((f) => [f.name, f.state])).toEqual([
      ['Apples (server name)', 'synced'],
      ['banana', 'remote'],
      ['Detached', 'detached'],
      ['zebra', 'local'],
      ['aardvark', 'broken'],
    ]);
    expect(files[0]).toMatchObject({
      id: 'synced',
      cloudFileId: 'f1',
      encryptKeyId: 'k1',
      hasKey: true,
      lastOpened: '2024-03-01T10:00:00.000Z',
    });
    expect(files[1]).toMatchObject({ cloudFileId: 'f3', groupId: 'g-f3' });
    expect(files[1]!.lastOpened).toBeUndefined();
    expect(files[1]!.id).toBeUndefined();
  });

  it('marks cloud files unknown and keeps local ones when the server list is missing', () => {
    const files = reconcileFiles(local, null);
    expect(files.map((f) => [f.id, f.state])).toEqual([
      ['broken', 'unknown'],
      ['synced', 'unknown'],
      ['deleted', 'unknown'],
      ['detached', 'unknown'],
      ['only-here', 'local'],
    ]);
  });

  it('orders names case-insensitively and ties by id', () => {
    const files = reconcileFiles(
      [
        { id: 'b', name: 'same' },
        { id: 'a', name: 'Same' },
        { id: 'c', name: 'ALPHA' },
      ],
      [],
    );
    expect(files.map((f) => f.id)).toEqual(['c', 'a', 'b']);
  });
});
