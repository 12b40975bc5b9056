import type { ServerUser } from '@coffer/core/ui';
import type { FileEntry } from '../../store/types.ts';
import type { AreaModals } from '../kit/data/ModalHost.tsx';
import { ShareFileModal } from './ShareFile.tsx';
import { DeleteUsersModal, UserEditModal } from './UserEdit.tsx';

declare module '../../store/modals.ts' {
  interface ModalMap {
    /** Add a user (no `user`) or edit one; `onSaved` reloads the page's list. */
    'user-edit': { user?: ServerUser; onSaved: () => void };
    /** Deleting users, confirmed. */
    'users-delete': { users: ServerUser[]; onDeleted: () => void };
    /** A server file's sharing: who has access, add, remove, transfer ownership. */
    'share-file': { file: FileEntry };
  }
}

/** The users page's and the file list's sharing modals. */
export const usersModals: AreaModals<'user-edit' | 'users-delete' | 'share-file'> = {
  'user-edit': UserEditModal,
  'users-delete': DeleteUsersModal,
  'share-file': ShareFileModal,
};
