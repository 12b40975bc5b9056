import type { AreaModals } from '../kit/data/ModalHost.tsx';
import { CreateEncryptionKeyModal, FixEncryptionKeyModal } from './EncryptionKeyModals.tsx';

declare module '../../store/modals.ts' {
  interface ModalMap {
    /** Enabling encryption, or (`recreate`) a new key; `onSuccess` runs once the key is made. */
    'create-encryption-key': { recreate?: boolean; onSuccess?: () => unknown };
    /** The key for an encrypted file (`cloudFileId`: not the open one); `onSuccess` is awaited. */
    'fix-encryption-key': {
      hasExistingKey?: boolean;
      cloudFileId?: string;
      onSuccess?: () => unknown;
    };
  }
}

/** The key modals: both the file manager and an open budget show them, so they come with the app. */
export const encryptionModals: AreaModals<'create-encryption-key' | 'fix-encryption-key'> = {
  'create-encryption-key': CreateEncryptionKeyModal,
  'fix-encryption-key': FixEncryptionKeyModal,
};
