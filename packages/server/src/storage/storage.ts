import type { MessageEnvelope, TrieNode } from '@coffer/crdt';
import type { Readable } from 'node:stream';
import type { BankHoldStore } from '../bank-schedule/store.ts';

export interface FileRow {
  id: string;
  groupId: string | null;
  syncVersion: number | null;
  /** JSON text exactly as the client sent it in `X-ACTUAL-ENCRYPT-META`. */
  encryptMeta: string | null;
  encryptKeyId: string | null;
  encryptSalt: string | null;
  encryptTest: string | null;
  deleted: boolean;
  name: string | null;
  /** Name of the current snapshot in the snapshot store. */
  blob: string | null;
  /** The user who owns the file (multi-user mode); null on a single-password server. */
  owner: string | null;
}

/** Actual's two roles: an admin manages users and sees every file. */
export type Role = 'ADMIN' | 'BASIC';

export interface User {
  id: string;
  userName: string;
  displayName: string | null;
  role: Role;
  enabled: boolean;
  /** The server's owner: the first admin, who cannot be removed. */
  owner: boolean;
}

/** How a session was opened: Actual's clients read it back from `/account/validate`. */
export type LoginMethod = 'password' | 'openid';

/** Who a session belongs to (null on a single-password server), how and until when. */
export interface Session {
  userId: string | null;
  method: LoginMethod;
  /** Milliseconds since the epoch; null for a session that lasts until it is ended. */
  expiresAt: number | null;
}

export interface SessionOptions {
  method?: LoginMethod;
  expiresAt?: number | null;
}

/** An OpenID sign-in between its start and the provider's answer (single use, short-lived). */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnUrl: string;
  expiresAt: number;
}

/** Server-wide settings kept as text: the multi-user switch, the sign-in methods. */
export type SettingKey = 'openid' | 'login-method';

export type FileUpdate = Partial<Omit<FileRow, 'id'>>;

/** What a file switch did: the row before it (null for a new file) and the row written. */
export interface FileSwitch {
  previous: FileRow | null;
  next: FileRow;
}

/** Bank-sync credentials: write-only for clients, read by the bank services. */
export interface SecretStore {
  getSecret(name: string): Promise<string | null>;
  /** `null` removes the secret. */
  setSecret(name: string, value: string | null): Promise<void>;
}

/** The password, sessions and the file registry. */
export interface AccountStore extends SecretStore {
  passwordHash(): Promise<string | null>;
  /** Sets the first password; false when one already exists. */
  bootstrap(hash: string): Promise<boolean>;
  /** Replaces the password and ends every session in one step. */
  replacePassword(hash: string): Promise<void>;
  createSession(now: number, userId?: string | null, options?: SessionOptions): Promise<string>;
  /** A session that exists and has not expired (by the server's clock). */
  hasSession(token: string): Promise<boolean>;
  /** The session as stored, expired or not. */
  session(token: string): Promise<Session | null>;
  endSession(token: string): Promise<void>;
  getSetting(key: SettingKey): Promise<string | null>;
  /** `null` removes the setting. */
  setSetting(key: SettingKey, value: string | null): Promise<void>;
  /** Keeps a started OpenID sign-in and drops the ones expired at `now`. */
  putPendingSignIn(pending: PendingSignIn, now: number): Promise<void>;
  /** Removes and returns the sign-in started with `state`, unless it expired: usable once. */
  takePendingSignIn(state: string, now: number): Promise<PendingSignIn | null>;
  /** The user an OpenID subject (`issuer` + `sub`) signs in as. */
  userIdBySubject(subject: string): Promise<string | null>;
  /** Ties a subject to a user; false when either is tied already (one subject per user). */
  linkSubject(userId: string, subject: string): Promise<boolean>;
  /** Whether any user signs in with OpenID yet. */
  hasSubjects(): Promise<boolean>;
  /** Whether users are on (off by default: one password, no users). */
  multiuser(): Promise<boolean>;
  /**
   * Turns users on: `owner` becomes the owner and admin, owns every file and every session so
   * far (all the password holder's). False when users are on already.
   */
  enableUsers(owner: User): Promise<boolean>;
  listUsers(): Promise<User[]>;
  getUser(id: string): Promise<User | null>;
  getUserByName(userName: string): Promise<User | null>;
  /** False when the user name is taken. */
  insertUser(user: User): Promise<boolean>;
  updateUser(user: User): Promise<void>;
  /**
   * Removes a user (never the owner), their sessions, shares and OpenID subject; their files go
   * to the owner.
   */
  deleteUser(id: string): Promise<boolean>;
  /** The users a file is shared with (its owner aside). */
  listAccess(fileId: string): Promise<string[]>;
  /** False when the user has access already. */
  grantAccess(fileId: string, userId: string): Promise<boolean>;
  /** How many of these users lost access. */
  revokeAccess(fileId: string, userIds: string[]): Promise<number>;
  getFile(id: string): Promise<FileRow | null>;
  /** Every file, deleted ones too, in the order they were first registered. */
  listFiles(): Promise<FileRow[]>;
  /**
   * Reads the file's row and writes the row `decide` returns, with no other writer to that file
   * in between; a string from `decide` is a refusal and writes nothing.
   */
  switchFile(
    id: string,
    decide: (current: FileRow | null) => FileRow | string,
  ): Promise<FileSwitch | string>;
  updateFile(id: string, update: FileUpdate): Promise<void>;
}

export interface SyncResult {
  /**
   * Messages after `since` that were stored before this request's batch: all of them, or with
   * a `limit` the oldest `limit` (then `more` says whether `after` has the rest).
   */
  messages: MessageEnvelope[];
  more: boolean;
  trie: TrieNode;
  /** How many of the request's messages were new to the server. */
  added: number;
}

export class InvalidTimestampError extends Error {
  constructor(readonly timestamp: string) {
    super('invalid message timestamp');
  }
}

/** The content-blind relay: each sync group's opaque messages and merkle trie. */
export interface MessageStore {
  /**
   * One sync round: what the client has not seen (stored before its batch), then its batch
   * stored and the trie updated, atomically with respect to other writers of the group.
   */
  sync(
    groupId: string,
    since: string,
    incoming: MessageEnvelope[],
    limit?: number,
  ): Promise<SyncResult>;
  /**
   * Up to `limit` stored messages after `after`, oldest first: the rest of an answer too large
   * to read at once (the sync route streams it a page at a time).
   */
  after(groupId: string, after: string, limit: number): Promise<MessageEnvelope[]>;
  /** Number of stored messages (for checks and tests). */
  count(groupId: string): Promise<number>;
  /** Every stored timestamp in order (for checks and tests). */
  timestamps(groupId: string): Promise<string[]>;
  remove(groupId: string): Promise<void>;
}

export class TooLargeError extends Error {
  constructor() {
    super('payload-too-large');
  }
}

/** Budget snapshots: written whole under a fresh name, then switched to by the file row. */
export interface SnapshotStore {
  /** Streams `source` to a fresh snapshot and returns its name; TooLargeError past `maxBytes`. */
  write(fileId: string, source: Readable, maxBytes: number): Promise<string>;
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  remove(name: string | null): Promise<void>;
}

/** Everything the server keeps, behind one interface with one adapter per backend. */
export interface Storage {
  readonly kind: 'sqlite' | 'postgres';
  accounts: AccountStore;
  groups: MessageStore;
  blobs: SnapshotStore;
  /** The scheduled bank sync's links, run claims and held rows (`bank-schedule/`). */
  bankHold: BankHoldStore;
  close(): Promise<void>;
}
