/**
 * The modal stack: push, replace (the top), pop, clear; a pure reducer over entries typed by
 * one map of every modal's name and props (how to add one: README.md, "Modals").
 */

/**
 * Every modal the app can show, by name, with the props it is opened with. Each working area
 * declares its own in its `modals.ts` by merging into this interface:
 *
 *     declare module '../../store/modals.ts' {
 *       interface ModalMap { 'close-account': { account: Account; balance: number } }
 *     }
 *
 * so `store.pushModal(name, props)` is checked against it, and a name that is not here does not
 * compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the areas fill it in
export interface ModalMap {}

export type ModalName = keyof ModalMap;

/** One open modal: a name and its props, paired by the map. */
export type ModalEntry = { [K in ModalName]: { name: K; options: ModalMap[K] } }[ModalName];

/** What the host gives a modal component: its props, whether it is on top, and how to close. */
export interface ModalProps<K extends ModalName> {
  options: ModalMap[K];
  active: boolean;
  close: () => void;
}

/**
 * The props argument of `pushModal(name, ...)`: optional when every prop is, required otherwise.
 */
export type ModalArgs<K extends ModalName> =
  Record<string, never> extends ModalMap[K] ? [options?: ModalMap[K]] : [options: ModalMap[K]];

/** A typed entry from a name and its (possibly omitted) props. */
export function modalEntry<K extends ModalName>(name: K, ...[options]: ModalArgs<K>): ModalEntry {
  // The map pairs each name with its props; TypeScript cannot follow a generic K into the union.
  return { name, options: options ?? {} } as ModalEntry;
}

export type ModalAction<E = ModalEntry> =
  { type: 'push'; modal: E } | { type: 'replace'; modal: E } | { type: 'pop' } | { type: 'clear' };

/** The stack's moves; it needs nothing of an entry, so it is generic over the entry's type. */
export function modalsReducer<E>(state: E[], action: ModalAction<E>): E[] {
  switch (action.type) {
    case 'push':
      return [...state, action.modal];
    case 'replace':
      return [...state.slice(0, -1), action.modal];
    case 'pop':
      return state.length ? state.slice(0, -1) : state;
    case 'clear':
      return state.length ? [] : state;
  }
}

/**
 * manage-rules belongs on top of the payees page; anywhere else it must be allowlisted.
 * Returns an error text for a misuse, or null when the modal may show.
 */
export function checkManageRules(pathname: string, allowlisted: boolean): string | null {
  if (allowlisted || pathname.startsWith('/payees')) return null;
  return `manage-rules modal cannot be shown on ${pathname}`;
}
