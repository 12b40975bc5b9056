import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StoreContext } from '../../store/context.ts';
import { type AppState, AppStore } from '../../store/store.ts';
import type { Backend } from '../../backend/backend.ts';
import type { LocalPrefs } from '../../store/types.ts';
import { StorageSettings, storageState } from './Storage.tsx';

const idle: Backend = { send: () => new Promise(() => {}), listen: () => () => {} };

function render(state: Partial<AppState>): string {
  const store = new AppStore(idle, state);
  return renderToStaticMarkup(
    <StoreContext.Provider value={store}>
      <StorageSettings />
    </StoreContext.Provider>,
  );
}

const local: LocalPrefs = { id: 'b1', budgetName: 'Home' };
const uploaded: LocalPrefs = { ...local, cloudFileId: 'f1', groupId: 'g1' };

describe('Settings › Storage', () => {
  it('warns, and offers the export and a backup, only when nothing else keeps the budget', () => {
    expect(storageState(true, false)).toBe('kept');
    expect(storageState(false, true)).toBe('on-server');
    expect(storageState(null, false)).toBe('at-risk');
    expect(storageState(false, false)).toBe('at-risk');

    const atRisk = render({ storagePersisted: false, prefs: local, serverUrl: null });
    expect(atRisk).toContain('This browser may clear Coffer’s data');
    expect(atRisk).toContain('This budget is kept only on this device.');
    expect(atRisk).toContain('>Export data</button>');
    expect(atRisk).toContain('>Make a backup</button>');

    // Uploaded to a server: a copy is there.
    const onServer = render({ storagePersisted: false, prefs: uploaded, serverUrl: 'https://s' });
    expect(onServer).toContain('also on the server');
    expect(onServer).not.toContain('kept only on this device');
    expect(onServer).not.toContain('Export data');

    // A server set up but this budget never uploaded: still only here.
    const notUploaded = render({ storagePersisted: null, prefs: local, serverUrl: 'https://s' });
    expect(notUploaded).toContain('does not say whether it keeps');
    expect(notUploaded).toContain('kept only on this device');

    const kept = render({ storagePersisted: true, prefs: local, serverUrl: null });
    expect(kept).toContain('This browser keeps Coffer’s data');
    expect(kept).not.toContain('kept only on this device');
  });
});
