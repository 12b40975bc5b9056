import { describe, expect, it } from 'vitest';
import type { FileEntry } from '../../store/types.ts';
import { canShare, personName, sharingLine, whoAmI } from './users.ts';

const ada = { userId: 'u-ada', userName: 'ada', displayName: 'Ada', owner: true };
const ben = { userId: 'u-ben', userName: 'ben', displayName: null, owner: false };
const file = (extra: Partial<FileEntry> = {}): FileEntry => ({
  cloudFileId: 'f1',
  groupId: 'g1',
  name: 'Home',
  state: 'remote',
  owner: 'u-ada',
  usersWithAccess: [ada, ben],
  ...extra,
});

describe('users in the web app', () => {
  it('reads who is signed in from the session check', () => {
    expect(whoAmI({ offline: false, userId: '', permission: 'ADMIN' })).toEqual({
      multiuser: false,
      id: null,
      admin: true,
    });
    expect(whoAmI({ offline: false, userId: 'u-ben', permission: 'BASIC' })).toEqual({
      multiuser: true,
      id: 'u-ben',
      admin: false,
    });
    expect(whoAmI({ offline: true, userId: 'u-ada', permission: 'ADMIN' }).multiuser).toBe(false);
    expect(whoAmI(null).admin).toBe(false);
  });

  it('lets only the owner or an admin share, and only a server file', () => {
    const benMe = whoAmI({ offline: false, userId: 'u-ben', permission: 'BASIC' });
    const adaMe = whoAmI({ offline: false, userId: 'u-ada', permission: 'BASIC' });
    const admin = whoAmI({ offline: false, userId: 'u-cy', permission: 'ADMIN' });
    expect(canShare(file(), benMe)).toBe(false);
    expect(canShare(file(), adaMe)).toBe(true);
    expect(canShare(file(), admin)).toBe(true);
    expect(canShare(file({ state: 'local', cloudFileId: undefined }), admin)).toBe(false);
    expect(canShare(file(), whoAmI({ offline: false }))).toBe(false);
  });

  it("names another's file by its owner, and my shared file by how many share it", () => {
    const benMe = whoAmI({ offline: false, userId: 'u-ben', permission: 'BASIC' });
    const adaMe = whoAmI({ offline: false, userId: 'u-ada', permission: 'ADMIN' });
    expect(sharingLine(file(), benMe)).toBe('Owner: Ada');
    expect(sharingLine(file(), adaMe)).toBe('Shared with 1 user');
    expect(sharingLine(file({ usersWithAccess: [ada] }), adaMe)).toBeNull();
    expect(sharingLine(file(), whoAmI({ offline: false }))).toBeNull();
    expect(personName(ben)).toBe('ben');
  });
});
