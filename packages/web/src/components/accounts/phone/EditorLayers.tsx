/**
 * The editor's layer over the page (EditorLayer.tsx) and, while no editor covers the page, the
 * new transaction's spare editor hidden in its place (spare-editor.ts): made when the page is
 * idle, shown by the tap on 'Add transaction' as the same component, so the tap renders none of
 * it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Location } from 'react-router';
import { useAppState, useStore } from '../../../store/context.ts';
import { localToday } from '../../kit/ui/calendar.ts';
import { EditorCodeSlot } from './editor-loader.ts';
import { EditorLayer } from './EditorLayer.tsx';
import { PhoneMemorySlot } from './phone-memory.ts';
import { SpareEditorSlot } from './spare-editor.ts';

/** Runs `fn` when the page is idle (a timer where there is no idle callback): its cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(fn, 300);
  return () => window.clearTimeout(handle);
}

export function EditorLayers(props: {
  /** An editor covers the page (useEditorLayer). */
  covered: boolean;
  /** The layer's address (the tap's, then the router's). */
  shown: Location;
  /** The `?account=` of the editor the page's 'Add transaction' opens; null: no such button. */
  spareFor: string | null;
}) {
  const { covered, shown, spareFor } = props;
  const store = useStore();
  const spares = store.slot(SpareEditorSlot);
  const { spare, shown: shownSpare } = useSyncExternalStore(spares.subscribe, spares.current);
  const code = store.slot(EditorCodeSlot);
  const loaded = useSyncExternalStore(code.subscribe, code.current) !== null;
  // The editor's default account comes from this list as it mounts: a new list, a new spare.
  const accounts = useAppState((s) => s.accounts);

  useEffect(() => {
    if (covered || spareFor === null || !loaded || accounts.length === 0) return;
    if (spares.holds(spareFor, accounts)) return;
    return whenIdle(() => {
      // A refused save's typing is for the editor the refusal opens, not for a spare.
      if (store.slot(PhoneMemorySlot).peekRefused('new')) return;
      spares.make(spareFor, localToday(), accounts);
    });
  }, [store, spares, covered, spareFor, loaded, accounts, spare, shownSpare]);

  if (covered) {
    // The spare a tap showed, the same component as it was hidden; any other opening mounts its own.
    const isSpare = spare !== null && shownSpare === spare.id;
    return <EditorLayer key={isSpare ? `spare-${spare.id}` : 'open'} location={shown} />;
  }
  if (spare === null || shownSpare !== null || spare.search !== spareFor) return null;
  const at: Location = {
    pathname: '/transactions/new',
    search: spare.search,
    hash: '',
    state: null,
    key: 'spare',
  };
  return <EditorLayer key={`spare-${spare.id}`} location={at} hidden />;
}
