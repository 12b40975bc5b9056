/**
 * The touch editor's code, loaded with its route (`/transactions/…`) and ahead of it: the
 * 'Add transaction' button asks for it once the screen is idle, so the tap opens the editor
 * without fetching and compiling its code first (a few hundred ms on a phone-class CPU).
 */
import type { ComponentType } from 'react';
import { defineStoreSlot } from '../../../store/store.ts';

export const loadTransactionEditor = () => import('./TransactionEditor.tsx');

/**
 * The editor's component for the layer over a page (EditorLayer.tsx), once its code is in: a
 * plain component, not `lazy`, so a tap that opens the editor renders it in the tap's own task
 * (a lazy component suspends on its first render even when its code is loaded, and a tap's
 * render cannot wait for it: the layer would show empty for a frame or more).
 */
export class EditorCode {
  private component: ComponentType | null = null;
  private asked: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  /** The editor's component, or null while its code is on its way. */
  readonly current = (): ComponentType | null => this.component;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Asks for the code (once); a failed load can be asked again. */
  load(): Promise<void> {
    this.asked ??= loadTransactionEditor().then(
      (m) => {
        this.component = m.default;
        for (const l of [...this.listeners]) l();
      },
      (err: unknown) => {
        this.asked = null;
        throw err;
      },
    );
    return this.asked;
  }

  /** Asks for the code when the page is idle (a timer where there is no idle callback). */
  preload(): () => void {
    const load = () => void this.load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(load, 500);
    return () => window.clearTimeout(handle);
  }
}

export const EditorCodeSlot = defineStoreSlot('editor-code', () => new EditorCode());
