import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  Suspense,
  useContext,
  useEffect,
} from 'react';
import { useAppState, useStore } from '../../../store/context.ts';
import type { ModalEntry, ModalName, ModalProps } from '../../../store/modals.ts';

/** A modal's component: given its props by name, loaded with its first use or not. */
export type ModalComponent<K extends ModalName> =
  ComponentType<ModalProps<K>> | LazyExoticComponent<ComponentType<ModalProps<K>>>;

/** Every modal's component by name: the app's root holds the one registry (complete). */
export type ModalRegistry = { [K in ModalName]: ModalComponent<K> };

/** Part of the registry: what one working area registers. */
export type AreaModals<K extends ModalName> = { [N in K]: ModalComponent<N> };

/**
 * The registry, given by the app's root: the areas' modals sit above the shells that show them,
 * so the shells take the registry from here rather than importing the areas.
 */
export const ModalRegistryContext = createContext<Partial<ModalRegistry>>({});

type AnyModal = ComponentType<{
  options: ModalEntry['options'];
  active: boolean;
  close: () => void;
}>;

/**
 * An entry's component. The registry's type pairs each name with a component of that name's
 * props, and an entry pairs the same name with those props; TypeScript cannot follow the pair
 * through a union of names, hence the one widening here.
 */
function componentOf(registry: Partial<ModalRegistry>, modal: ModalEntry): AnyModal | null {
  const component: unknown = registry[modal.name];
  return (component as AnyModal | undefined) ?? null;
}

/** Renders the modal stack; hidden while the loading screen is up. */
export function ModalHost({ inManager }: { inManager: boolean }) {
  const registry = useContext(ModalRegistryContext);
  const store = useStore();
  const modals = useAppState((s) => s.modals);
  const loading = useAppState((s) => s.loadingText !== null);

  useEffect(() => {
    for (const modal of modals) {
      if (!registry[modal.name]) console.error(`Unknown modal: ${modal.name}`);
    }
  }, [modals, registry]);

  if (loading) return null;
  return (
    <>
      {modals.map((modal, i) => {
        const Component = componentOf(registry, modal);
        if (!Component) {
          if (inManager) throw new Error(`Unknown modal: ${modal.name}`);
          return null;
        }
        // A working area's modal is loaded with its first use (the registry holds lazy ones).
        return (
          <Suspense key={`${i}-${modal.name}`} fallback={null}>
            <Component
              options={modal.options}
              active={i === modals.length - 1}
              close={() => store.popModal()}
            />
          </Suspense>
        );
      })}
    </>
  );
}
