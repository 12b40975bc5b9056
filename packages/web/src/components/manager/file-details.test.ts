import { describe, expect, it } from 'vitest';
import type { FileEntry } from '../../store/types.ts';
import { FILE_STATUS_TEXT, fileDetails, fileStatus, repeatedNames } from './file-details.ts';

const formatTime = (iso: string) => `at ${iso.slice(0, 16)}`;

describe('the file list tells copies of a budget apart', () => {
  // What importing one's own export leaves: the imported copy, uploaded as a new cloud file,
  // and the old cloud file.
  const files: FileEntry[] = [
    {
      id: 'My-Finances-1a2b3c4',
      cloudFileId: '9f8e7d6c-0000-4000-8000-000000000000',
      name: 'My Finances',
      state: 'synced',
      lastOpened: '2024-03-05T09:30:00.000Z',
    },
    { cloudFileId: '1234abcd-0000-4000-8000-000000000000', name: 'my finances', state: 'remote' },
    { id: 'Other-5d6e7f8', name: 'Other', state: 'local' },
  ];

  it('finds the names that repeat, as people read them', () => {
    expect(repeatedNames(files)).toEqual(new Set(['my finances']));
  });

  it('says where each lives, when it was last opened here, and which file it is', () => {
    const same = repeatedNames(files);
    const lines = files.map((f) =>
      fileDetails(f, { sameName: same.has(f.name.toLowerCase()), formatTime }),
    );
    expect(lines).toEqual([
      'On this device and the server · Last opened at 2024-03-05T09:30 · Local file My-Finances-1a2b3c4',
      'On the server only · Not downloaded to this device · Server file 1234abcd',
      'On this device only',
    ]);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('marks the open budget', () => {
    expect(fileDetails(files[2]!, { openId: 'Other-5d6e7f8' })).toBe(
      'On this device only · Open now',
    );
  });
});

describe('a file’s status', () => {
  const synced: FileEntry = { id: 'a', cloudFileId: 'c', name: 'A', state: 'synced' };
  const text = (f: FileEntry, context?: Parameters<typeof fileStatus>[1]) =>
    FILE_STATUS_TEXT[fileStatus(f, context)];

  it('says Syncing only for the open file while it syncs', () => {
    expect(text(synced, { openId: 'a', syncState: 'syncing' })).toBe('Syncing');
    expect(text(synced, { openId: 'a', syncState: 'idle' })).toBe('Synced');
    expect(text(synced, { openId: 'b', syncState: 'syncing' })).toBe('Synced');
    expect(text(synced)).toBe('Synced');
    expect(text({ ...synced, state: 'detached' })).toBe('Reset on the server');
  });

  it('keeps the spec’s texts for the other states', () => {
    expect(text({ ...synced, state: 'unknown' })).toBe('Network unavailable');
    expect(text({ cloudFileId: 'c', name: 'A', state: 'remote' })).toBe('Available for download');
    expect(text({ id: 'a', name: 'A', state: 'local' })).toBe('Local');
    expect(text({ ...synced, state: 'broken' })).toBe('Local');
  });
});
