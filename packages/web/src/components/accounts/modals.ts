import type { ModalRegistry } from '../app/ModalHost.tsx';

/**
 * The accounts area's modals by the spec's names. Load each with `lazy(() => import(...))` so
 * its code comes with the modal, not with the app's first load.
 */
export const accountsModals: ModalRegistry = {};
