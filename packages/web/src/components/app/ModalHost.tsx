import { type ComponentType, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { checkManageRules, type ModalEntry } from '../../store/modals.ts';

export interface ModalProps {
  options: Record<string, unknown>;
  active: boolean;
  close: () => void;
}

export type ModalRegistry = Record<
  string,
  ComponentType<ModalProps> | LazyExoticComponent<ComponentType<ModalProps>>
>;

/** Renders the modal stack; hidden while the loading screen is up. */
export function ModalHost({
  registry,
  inManager,
}: {
  registry: ModalRegistry;
  inManager: boolean;
}) {
  const store = useStore();
  const modals = useAppState((s) => s.modals);
  const loading = useAppState((s) => s.loadingText !== null);
  const { pathname } = useLocation();

  useEffect(() => {
    for (const modal of modals) {
      if (!registry[modal.name]) console.error(`Unknown modal: ${modal.name}`);
    }
  }, [modals, registry]);

  if (loading) return null;
  return (
    <>
      {modals.map((modal: ModalEntry, i) => {
        const Component = registry[modal.name];
        if (!Component) {
          if (inManager) throw new Error(`Unknown modal: ${modal.name}`);
          return null;
        }
        if (modal.name === 'manage-rules') {
          const problem = checkManageRules(pathname, modal.options.allowlisted === true);
          if (problem) throw new Error(problem);
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
