import type { Notification } from '../store/notifications.ts';

/** What a sync error notification asks for; the caller binds each to the real action. */
export type SyncFix =
  'repair' | 'reset-sync' | 'reset-key' | 'register' | 'upload' | 'revert' | 'create-key';

export interface SyncErrorNotice {
  notification: Omit<Notification, 'button' | 'messageActions'>;
  button?: { title: string; fix: SyncFix };
  /** `#name` links in the message and the fix each runs. */
  links?: Record<string, SyncFix>;
}

interface SyncErrorInput {
  subtype?: string;
  /** The event's details as core sends them (e.g. `{ isMissingKey }`). */
  meta?: unknown;
  /** The last sync was a repair (out-of-sync persists after it). */
  afterRepair: boolean;
}

/** Maps a sync-event error to its sticky notification; null for none (network). */
export function syncErrorNotice({
  subtype,
  meta,
  afterRepair,
}: SyncErrorInput): SyncErrorNotice | null {
  const base = { id: 'sync-error', sticky: true } as const;
  switch (subtype) {
    case 'network':
      return null;
    case 'out-of-sync':
      return afterRepair
        ? {
            notification: {
              ...base,
              type: 'error',
              title: 'Your data is still out of sync',
              message:
                'We were unable to repair your sync state, sorry! You need to reset your sync state.',
            },
            button: { title: 'Reset sync', fix: 'reset-sync' },
          }
        : {
            notification: {
              ...base,
              type: 'warning',
              message:
                'There was a problem syncing your data. We can try to repair your sync state to fix it.',
            },
            button: { title: 'Repair', fix: 'repair' },
          };
    case 'file-old-version':
      return {
        notification: {
          ...base,
          type: 'error',
          title: 'Coffer has updated the syncing format',
          message:
            'This happens rarely (if ever again). The internal syncing format has changed and you need to reset sync. This will upload the current local data to the server and other devices will download it.\n\nAlternatively you can [reset the encryption key](#reset-key) if you also want a new key.',
        },
        button: { title: 'Reset sync', fix: 'reset-sync' },
        links: { 'reset-key': 'reset-key' },
      };
    case 'file-key-mismatch':
      return {
        notification: {
          ...base,
          type: 'error',
          title: 'Your encryption key need to be reset',
          message:
            'This file was encrypted with a different key than the one on the server. Reset your key to upload this file with a new key.',
        },
        button: { title: 'Reset key', fix: 'reset-key' },
      };
    case 'file-not-found':
      return {
        notification: {
          ...base,
          type: 'error',
          title: 'This file is not a cloud file',
          message:
            'You need to register it to take advantage of syncing, which allows you to use it across devices and never worry about losing your data.',
        },
        button: { title: 'Register', fix: 'register' },
      };
    case 'file-needs-upload':
      return {
        notification: {
          ...base,
          type: 'error',
          title: 'File needs upload',
          message:
            'Something went wrong when creating this cloud file. You need to upload this file to fix it.',
        },
        button: { title: 'Upload', fix: 'upload' },
      };
    case 'file-has-reset':
    case 'file-has-new-key':
      return {
        notification: {
          ...base,
          type: 'error',
          title: 'Syncing has been reset on this cloud file',
          message:
            'You need to revert it to continue syncing. Any unsynced data will be lost. If you like, you can instead [upload this file](#upload) to be the latest version.',
        },
        button: { title: 'Revert', fix: 'revert' },
        links: { upload: 'upload' },
      };
    case 'encrypt-failure':
    case 'decrypt-failure':
      return typeof meta === 'object' &&
        meta !== null &&
        'isMissingKey' in meta &&
        meta.isMissingKey
        ? {
            notification: {
              ...base,
              type: 'error',
              title: 'Missing encryption key',
              message:
                'Unable to encrypt your data because you are missing the key. Create the key to continue syncing.',
            },
            button: { title: 'Create key', fix: 'create-key' },
          }
        : {
            notification: {
              ...base,
              type: 'error',
              message:
                'Something unexpectedly went wrong while encrypting or decrypting your data. Resetting the key may fix it.',
            },
            button: { title: 'Reset key', fix: 'reset-key' },
          };
    case 'invalid-schema':
      return {
        notification: {
          ...base,
          type: 'warning',
          title: 'Update required',
          message:
            'We couldn’t apply changes from the server. This probably means you need to update the app to support the latest database.',
        },
      };
    case 'apply-failure':
      return {
        notification: {
          ...base,
          type: 'error',
          message:
            'We couldn’t apply that change to the database. Please report this as a bug by [opening an issue](https://github.com/coffer-budget/coffer/issues).',
        },
      };
    default:
      return {
        notification: {
          ...base,
          type: 'error',
          message: `We had problems syncing your changes (${subtype ?? 'unknown'}). Please report this as a bug by [opening an issue](https://github.com/coffer-budget/coffer/issues).`,
        },
      };
  }
}
