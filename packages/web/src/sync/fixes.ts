import { closeBudget, downloadBudget, loadPrefs } from '../store/actions.ts';
import type { AppStore } from '../store/store.ts';
import { failureCode, failureOf } from '../backend/backend.ts';
import type { SyncFix } from './sync-errors.ts';

export async function sync(store: AppStore): Promise<void> {
  await store.backend.send('sync');
}

const UPLOAD_ERRORS: Record<string, string> = {
  unauthorized: 'You are not logged in.',
  'file-has-reset': 'Something went wrong while resetting your file. Please try again.',
  'file-has-new-key':
    'This file has a newer encryption key on the server. Create the latest key first.',
  network: 'Uploading the file failed. Check your network connection.',
};

/** Failures whose own message (core's) already says what to do. */
const TOLD_BY_CORE = new Set(['payload-too-large']);

function uploadErrorText(res: unknown, code: string, fallback: string): string {
  const failure = failureOf(res);
  if (TOLD_BY_CORE.has(code) && failure?.message) return failure.message;
  return UPLOAD_ERRORS[code] ?? fallback;
}

export async function uploadBudget(store: AppStore): Promise<boolean> {
  const res = await store.backend.send('upload-budget', { id: store.get().prefs?.id });
  const code = failureCode(res);
  if (code) {
    store.addNotification({
      type: 'error',
      message: uploadErrorText(
        res,
        code,
        `An internal error occurred while uploading, sorry! Reference: ${code}`,
      ),
    });
    return false;
  }
  return true;
}

export async function resetSync(store: AppStore): Promise<void> {
  const res = await store.backend.send('sync-reset');
  const code = failureCode(res);
  if (code === 'encrypt-failure' || code === 'file-has-new-key') {
    window.alert(
      code === 'encrypt-failure'
        ? 'Unable to encrypt the file. Create or generate the encryption key, then try again.'
        : 'This file has a new encryption key. Create the latest key, then try again.',
    );
    store.pushModal(code === 'encrypt-failure' ? 'create-encryption-key' : 'fix-encryption-key', {
      recreate: code === 'encrypt-failure',
      onSuccess: () => resetSync(store),
    });
    return;
  }
  if (code) {
    window.alert(uploadErrorText(res, code, `Resetting sync failed: ${code}`));
    return;
  }
  await sync(store);
  await loadPrefs(store);
}

/** Runs the real action behind a sync-error button or link. */
export async function runSyncFix(store: AppStore, fix: SyncFix): Promise<void> {
  switch (fix) {
    case 'repair':
      store.set({ lastSyncRepair: true });
      await store.backend.send('sync-repair');
      await sync(store);
      return;
    case 'reset-sync':
      return resetSync(store);
    case 'reset-key':
      store.pushModal('create-encryption-key', { recreate: true });
      return;
    case 'create-key':
      store.pushModal('fix-encryption-key', { hasExistingKey: false });
      return;
    case 'register':
    case 'upload':
      if (await uploadBudget(store)) {
        await sync(store);
        await loadPrefs(store);
      }
      return;
    case 'revert': {
      const cloudFileId = store.get().prefs?.cloudFileId;
      if (!cloudFileId) return;
      await closeBudget(store);
      await downloadBudget(store, cloudFileId, { replace: true });
      return;
    }
  }
}
