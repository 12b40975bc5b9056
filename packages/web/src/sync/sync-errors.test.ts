import { describe, expect, it } from 'vitest';
import { syncErrorNotice } from './sync-errors.ts';

describe('syncErrorNotice', () => {
  it('offers Repair, then Reset sync once a repair did not help', () => {
    expect(syncErrorNotice({ subtype: 'out-of-sync', afterRepair: false })?.button).toEqual({
      title: 'Repair',
      fix: 'repair',
    });
    const after = syncErrorNotice({ subtype: 'out-of-sync', afterRepair: true });
    expect(after?.notification.title).toBe('Your data is still out of sync');
    expect(after?.button?.fix).toBe('reset-sync');
  });
  it('maps each subtype to its title and button', () => {
    const cases: Array<[string, string | undefined, string | undefined]> = [
      ['file-key-mismatch', 'Your encryption key need to be reset', 'Reset key'],
      ['file-not-found', 'This file is not a cloud file', 'Register'],
      ['file-needs-upload', 'File needs upload', 'Upload'],
      ['file-has-reset', 'Syncing has been reset on this cloud file', 'Revert'],
      ['file-has-new-key', 'Syncing has been reset on this cloud file', 'Revert'],
      ['invalid-schema', 'Update required', undefined],
    ];
    for (const [subtype, title, button] of cases) {
      const notice = syncErrorNotice({ subtype, afterRepair: false });
      expect(notice?.notification.title).toBe(title);
      expect(notice?.button?.title).toBe(button);
      expect(notice?.notification.sticky).toBe(true);
    }
  });
  it('asks for a key when it is missing, and shows nothing for network errors', () => {
    const missing = syncErrorNotice({
      subtype: 'decrypt-failure',
      meta: { isMissingKey: true },
      afterRepair: false,
    });
    expect(missing?.notification.title).toBe('Missing encryption key');
    expect(missing?.button?.title).toBe('Create key');
    expect(syncErrorNotice({ subtype: 'encrypt-failure', afterRepair: false })?.button?.title).toBe(
      'Reset key',
    );
    expect(syncErrorNotice({ subtype: 'network', afterRepair: false })).toBeNull();
    expect(syncErrorNotice({ subtype: 'weird', afterRepair: false })?.notification.message).toMatch(
      /problems syncing/,
    );
  });
});
