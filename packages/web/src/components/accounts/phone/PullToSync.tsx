/**
 * Pull to sync on the phone's account screens: a finger pulling the page down from its top
 * past `PULL_TO_SYNC` px asks for a sync on release; the strip above the page says what a
 * release will do, then the sync's state (the spec's: Syncing, then Offline or a failure, or
 * nothing once it is done).
 */
import { type ReactNode, type TouchEvent, useRef, useState } from 'react';
import { useAppState, useStore } from '../../../store/context.ts';

/** How far (px) a pull goes before a release syncs; the strip grows no taller than 1.5×. */
export const PULL_TO_SYNC = 64;

/** What the strip says: while pulling, what a release does; after, the sync's state. */
export function pullText(pulled: number, syncState: string, canSync: boolean): string {
  if (pulled > 0) {
    if (!canSync) return 'Sync is off for this budget';
    return pulled >= PULL_TO_SYNC ? 'Release to sync' : 'Pull to sync';
  }
  if (syncState === 'syncing') return 'Syncing';
  if (syncState === 'offline') return 'Offline';
  if (syncState === 'error') return 'Could not sync';
  return '';
}

/** The scrolling box a page sits in (the shell's), or the document's. */
function scrollTopOf(el: HTMLElement): number {
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    if (node.scrollTop > 0) return node.scrollTop;
  }
  return document.scrollingElement?.scrollTop ?? 0;
}

export function PullToSync({ className, children }: { className: string; children: ReactNode }) {
  const store = useStore();
  const serverUrl = useAppState((s) => s.serverUrl);
  const cloudFileId = useAppState((s) => s.prefs?.cloudFileId);
  const syncState = useAppState((s) => s.syncState);
  const canSync = !!serverUrl && !!cloudFileId && syncState !== 'disabled';
  const from = useRef<number | null>(null);
  const pulledRef = useRef(0);
  const [pulled, setPulled] = useState(0);
  const [asked, setAsked] = useState(false);

  const set = (px: number) => {
    pulledRef.current = px;
    setPulled(px);
  };
  const onTouchStart = (e: TouchEvent<HTMLDivElement>) => {
    // Only a one-finger pull that starts with the page at its top; a scroll up is a scroll.
    const touch = e.touches[0];
    from.current =
      e.touches.length === 1 && touch && scrollTopOf(e.currentTarget) === 0 ? touch.clientY : null;
  };
  const onTouchMove = (e: TouchEvent<HTMLDivElement>) => {
    const touch = e.touches[0];
    if (from.current === null || !touch) return;
    set(Math.max(0, Math.min(touch.clientY - from.current, PULL_TO_SYNC * 1.5)));
  };
  const onTouchEnd = () => {
    const far = pulledRef.current >= PULL_TO_SYNC;
    from.current = null;
    set(0);
    if (far && canSync) {
      setAsked(true);
      void store.backend.send('sync');
    }
  };

  const text = pullText(pulled, asked ? syncState : 'idle', canSync);
  return (
    <div
      className={`${className} ph-pullable`}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => {
        from.current = null;
        set(0);
      }}
    >
      <div
        className={`ph-pull${text ? ' is-shown' : ''}`}
        style={pulled > 0 ? { height: pulled } : undefined}
        role="status"
        aria-live="polite"
      >
        {text}
      </div>
      {children}
    </div>
  );
}
