import type { UndoEvent } from '../undo/undo-manager.ts';

/**
 * Every event core pushes to the UI, by name, with its payload. Another module that pushes
 * a new event adds it here by interface merging:
 *
 *   declare module '../handlers-core/events.ts' {
 *     interface CoreEvents { 'my-event': { ... } }
 *   }
 */
export interface CoreEvents {
  'undo-event': UndoEvent;
  /** Synced prefs changed (e.g. the budget was renamed on another device). */
  'prefs-updated': { prefs: Record<string, unknown> };
  'sync-event': {
    type: 'start' | 'applied' | 'success' | 'error' | 'unauthorized';
    subtype?: string;
    tables?: string[];
    meta?: unknown;
    syncDisabled?: boolean;
  };
  'cells-changed': Array<{ name: string; value: unknown }>;
  /**
   * Tables a committed write changed, whatever made it (an edit here, a sync, an undo): the
   * UI's live queries re-run on it. One per commit, so an import of 50,000 rows is one event.
   */
  'tables-changed': {
    tables: string[];
    source: 'local' | 'remote';
    undo: 'undo' | 'redo' | null;
  };
  'orphaned-payees': { orphanedIds: string[]; updatedPayeeIds: string[] };
  'schedules-offline': { payees: unknown[] };
  'start-import': { budgetName?: string };
  'finish-import': Record<string, never>;
  'show-budgets': Record<string, never>;
  'fallback-write-error': Record<string, never>;
  'server-error': { message?: string };
  'load-budget': { id: string };
}

export type EventName = keyof CoreEvents;

export type Emit = <K extends EventName>(name: K, payload: CoreEvents[K]) => void;

type AnyListener = <K extends EventName>(name: K, payload: CoreEvents[K]) => void;

/** A typed emitter; one per running core (no global bus). */
export class EventBus {
  private readonly byName = new Map<EventName, Set<(payload: never) => void>>();
  private readonly any = new Set<AnyListener>();

  readonly emit: Emit = (name, payload) => {
    for (const listener of [...(this.byName.get(name) ?? [])]) {
      (listener as (p: typeof payload) => void)(payload);
    }
    for (const listener of [...this.any]) listener(name, payload);
  };

  on<K extends EventName>(name: K, listener: (payload: CoreEvents[K]) => void): () => void {
    let set = this.byName.get(name);
    if (!set) this.byName.set(name, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Every event, e.g. to forward pushes to the UI over postMessage. */
  onAny(listener: AnyListener): () => void {
    this.any.add(listener);
    return () => this.any.delete(listener);
  }
}
