import type { AreaModals } from '../kit/data/ModalHost.tsx';
import { MergeUnusedPayeesModal } from './MergeUnusedPayees.tsx';

declare module '../../store/modals.ts' {
  interface ModalMap {
    /** Payees a sync left unused, offered to merge into the one that took their place. */
    'merge-unused-payees': { payeeIds?: string[]; targetPayeeId?: string };
  }
}

/** The payees area's modals: a sync can ask on any page, so it comes with the app. */
export const payeesModals: AreaModals<'merge-unused-payees'> = {
  'merge-unused-payees': MergeUnusedPayeesModal,
};
