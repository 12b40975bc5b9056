import type { MessageEnvelope } from '@coffer/crdt';
import type { Readable } from 'node:stream';
import { AccountDb } from '../account-db.ts';
import { SqliteBankHold } from '../bank-schedule/sqlite-store.ts';
import type { BankHoldStore } from '../bank-schedule/store.ts';
import { BlobStore } from '../blob-store.ts';
import { GroupStore } from '../group-db.ts';
import { SignInDb } from '../signin-db.ts';
import { UsersDb } from '../users-db.ts';
import type {
  AccountStore,
  FileRow,
  FileSwitch,
  FileUpdate,
  MessageStore,
  PendingSignIn,
  SessionOptions,
  SettingKey,
  SnapshotStore,
  Storage,
  SyncResult,
  User,
} from './storage.ts';

/**
 * The default adapter: `server-files/account.sqlite`, one SQLite file per sync group and the
 * snapshots as files under `user-files/`. The databases answer synchronously; the async
 * interface only wraps them, so a request never waits on anything but the disk.
 */
export class SqliteStorage implements Storage {
  readonly kind = 'sqlite';
  readonly accounts: AccountStore;
  readonly groups: MessageStore;
  readonly blobs: SnapshotStore;
  readonly bankHold: BankHoldStore;
  private readonly accountDb: AccountDb;
  private readonly groupStore: GroupStore;

  constructor(serverFilesDir: string, userFilesDir: string) {
    const db = new AccountDb(serverFilesDir);
    const groups = new GroupStore(userFilesDir);
    const blobs = new BlobStore(userFilesDir);
    // Leftovers of a crash: temporary uploads, replaced snapshots, logs of reset groups.
    blobs.sweep(db.referencedBlobs());
    groups.sweep(db.referencedGroups());
    const users = new UsersDb(db.db);
    const signIn = new SignInDb(db.db);
    this.accountDb = db;
    this.groupStore = groups;
    this.bankHold = new SqliteBankHold(db.db);
    this.accounts = {
      passwordHash: async () => db.passwordHash(),
      bootstrap: async (hash: string) => db.bootstrap(hash),
      replacePassword: async (hash: string) => db.replacePassword(hash),
      createSession: async (now: number, userId?: string | null, options?: SessionOptions) =>
        db.createSession(now, userId ?? null, options),
      hasSession: async (token: string) => db.hasSession(token),
      session: async (token: string) => db.session(token),
      endSession: async (token: string) => db.endSession(token),
      getSetting: async (key: SettingKey) => signIn.getSetting(key),
      setSetting: async (key: SettingKey, value: string | null) => signIn.setSetting(key, value),
      putPendingSignIn: async (pending: PendingSignIn, now: number) =>
        signIn.putPending(pending, now),
      takePendingSignIn: async (state: string, now: number) => signIn.takePending(state, now),
      userIdBySubject: async (subject: string) => signIn.userIdBySubject(subject),
      linkSubject: async (userId: string, subject: string) => signIn.linkSubject(userId, subject),
      hasSubjects: async () => signIn.hasSubjects(),
      multiuser: async () => users.multiuser(),
      enableUsers: async (owner: User) => users.enableUsers(owner),
      listUsers: async () => users.list(),
      getUser: async (id: string) => users.get(id),
      getUserByName: async (userName: string) => users.byName(userName),
      insertUser: async (user: User) => users.insert(user),
      updateUser: async (user: User) => users.update(user),
      deleteUser: async (id: string) => users.remove(id),
      listAccess: async (fileId: string) => users.access(fileId),
      grantAccess: async (fileId: string, userId: string) => users.grant(fileId, userId),
      revokeAccess: async (fileId: string, userIds: string[]) => users.revoke(fileId, userIds),
      getFile: async (id: string) => db.getFile(id),
      listFiles: async () => db.listFiles(),
      switchFile: async (
        id: string,
        decide: (current: FileRow | null) => FileRow | string,
      ): Promise<FileSwitch | string> => db.switchFile(id, decide),
      updateFile: async (id: string, update: FileUpdate) => db.updateFile(id, update),
      getSecret: async (name: string) => db.getSecret(name),
      setSecret: async (name: string, value: string | null) => db.setSecret(name, value),
    };
    this.groups = {
      sync: async (
        groupId: string,
        since: string,
        incoming: MessageEnvelope[],
        limit?: number,
      ): Promise<SyncResult> => groups.sync(groupId, since, incoming, limit),
      after: async (groupId: string, after: string, limit: number) =>
        groups.after(groupId, after, limit),
      count: async (groupId: string) => groups.count(groupId),
      timestamps: async (groupId: string) => groups.timestamps(groupId),
      remove: async (groupId: string) => groups.remove(groupId),
    };
    this.blobs = {
      write: (fileId: string, source: Readable, maxBytes: number) =>
        blobs.write(fileId, source, maxBytes),
      open: async (name: string) => blobs.open(name),
      remove: async (name: string | null) => blobs.remove(name),
    };
  }

  async close(): Promise<void> {
    this.groupStore.close();
    this.accountDb.close();
  }
}
