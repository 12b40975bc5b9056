import { useAppState, useStore } from '../../../store/context.ts';
import { Button } from '../../kit/ui/Button.tsx';

/**
 * Tap to sync, on the phone screens that have no titlebar: named by the spec's sync states
 * (Sync, Syncing, Offline, Disabled) as the desktop titlebar's button is.
 */
export function PhoneSyncButton() {
  const store = useStore();
  const serverUrl = useAppState((s) => s.serverUrl);
  const user = useAppState((s) => s.user);
  const syncState = useAppState((s) => s.syncState);
  const cloudFileId = useAppState((s) => s.prefs?.cloudFileId);
  const disabled = !serverUrl || !cloudFileId || syncState === 'disabled';
  // The budget shows before the server says who is signed in ('Connecting...'): a sync waits.
  const connecting = user === undefined;
  const offline = Boolean(user?.offline) || syncState === 'offline';
  const label =
    syncState === 'syncing' ? 'Syncing' : disabled ? 'Disabled' : offline ? 'Offline' : 'Sync';
  return (
    <Button
      className={`ph-header-button${syncState === 'error' ? ' error-text' : ''}`}
      disabled={disabled || connecting || syncState === 'syncing'}
      onClick={() => void store.backend.send('sync')}
    >
      <span aria-hidden="true">⟳ </span>
      {label}
    </Button>
  );
}
