import type { FileEntry, FileState, SyncState } from '../../store/types.ts';

/** Where each kind of entry lives. */
const WHERE: Record<FileState, string> = {
  synced: 'On this device and the server',
  detached: 'On this device and the server',
  local: 'On this device only',
  broken: 'On this device only',
  unknown: 'On this device',
  remote: 'On the server only',
};

export interface FileDetailsContext {
  /** The open budget's id, if any. */
  openId?: string | null;
  /** Other entries have the same name: say which file this one is. */
  sameName?: boolean;
  /** Formats `lastOpened` (an ISO time) for people; the locale's date and time by default. */
  formatTime?: (iso: string) => string;
}

const localTime = (iso: string): string =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/**
 * The line under a file's name that tells copies of one budget apart: where it lives, when
 * this device last opened it, whether it is open, and (when names repeat) which file it is.
 */
export function fileDetails(file: FileEntry, context: FileDetailsContext = {}): string {
  const parts = [WHERE[file.state]];
  if (file.state === 'remote') parts.push('Not downloaded to this device');
  else if (file.lastOpened && !Number.isNaN(Date.parse(file.lastOpened))) {
    parts.push(`Last opened ${(context.formatTime ?? localTime)(file.lastOpened)}`);
  }
  if (file.id && context.openId === file.id) parts.push('Open now');
  if (context.sameName) parts.push(fileIdentity(file));
  return parts.join(' · ');
}

/** Which file an entry is, for entries whose names repeat: its local id, or its server id. */
export function fileIdentity(file: FileEntry): string {
  return file.id ? `Local file ${file.id}` : `Server file ${file.cloudFileId?.slice(0, 8) ?? ''}`;
}

/** Names shared by more than one entry (compared as people read them: case-insensitively). */
export function repeatedNames(files: readonly FileEntry[]): Set<string> {
  const seen = new Map<string, number>();
  for (const f of files) seen.set(f.name.toLowerCase(), (seen.get(f.name.toLowerCase()) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([name]) => name));
}

/** The status a file shows beside its name (spec: 'Network unavailable', 'Available for
 * download', 'Local', 'Syncing'). */
export type FileStatus = 'unknown' | 'remote' | 'local' | 'syncing' | 'synced' | 'reset';

export const FILE_STATUS_TEXT: Record<FileStatus, string> = {
  unknown: 'Network unavailable',
  remote: 'Available for download',
  local: 'Local',
  syncing: 'Syncing',
  synced: 'Synced',
  reset: 'Reset on the server',
};

/**
 * A file's status. 'Syncing' only while it really syncs: the open file, during a sync. A closed
 * file on the server is 'Synced', or 'Reset on the server' when its sync was reset since
 * (opening it asks what to do).
 */
export function fileStatus(
  file: FileEntry,
  context: { openId?: string | null; syncState?: SyncState } = {},
): FileStatus {
  switch (file.state) {
    case 'unknown':
    case 'remote':
    case 'local':
      return file.state;
    case 'broken':
      return 'local';
    case 'synced':
    case 'detached': {
      const open = !!file.id && context.openId === file.id;
      if (open && context.syncState === 'syncing') return 'syncing';
      return file.state === 'synced' ? 'synced' : 'reset';
    }
  }
}
