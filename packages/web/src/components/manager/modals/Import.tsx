import { useState } from 'react';
import { loadAllFiles, loadBudgetData } from '../../../store/actions.ts';
import { useStore } from '../../../store/context.ts';
import { failureCode, isFailure } from '../../../backend/backend.ts';
import { Modal } from '../../kit/ui/Modal.tsx';
import type { ModalProps } from '../../../store/modals.ts';
import { Button } from '../../kit/ui/Button.tsx';
import { ErrorText } from '../../kit/ui/ErrorText.tsx';

export function importErrorText(code: string): string {
  switch (code) {
    case 'not-ynab4':
      return 'This file is not valid. Please select a compressed ynab4 zip file.';
    case 'parse-error':
      return 'Unable to parse file. Please select a JSON file exported from nYNAB.';
    case 'not-ynab5':
      return 'This file is not valid. Please select a JSON file exported from nYNAB.';
    case 'not-zip-file':
      return 'This file is not valid. Please select an unencrypted archive of Coffer data.';
    case 'invalid-zip-file':
      return 'This archive is not a valid Coffer export file.';
    case 'invalid-metadata-file':
      return 'The metadata file in the given archive is corrupted.';
    default:
      return 'An unknown error occurred while importing. Please report this as a new issue on the project’s issue tracker.';
  }
}

export function ImportModal({ active, close }: ModalProps<'import'>) {
  const store = useStore();
  const choose = (name: ImportKind) => store.replaceModal(name);
  return (
    <Modal title="Import From" onClose={close} active={active} width={500}>
      <div className="stack">
        <Button onClick={() => choose('import-actual')}>Coffer or Actual export (.zip)</Button>
        <Button onClick={() => choose('import-ynab4')}>YNAB4 (.zip)</Button>
        <Button onClick={() => choose('import-ynab5')}>nYNAB (.json)</Button>
      </div>
    </Modal>
  );
}

const KINDS = {
  'import-actual': {
    title: 'Import Coffer or Actual',
    type: 'actual',
    accept: '.zip,.blob',
    text: 'Choose the zip file you exported from Coffer or Actual (Settings → Export data). An encrypted budget must be exported unencrypted.',
  },
  'import-ynab4': {
    title: 'Import YNAB4',
    type: 'ynab4',
    accept: '.zip',
    text: 'Choose the compressed zip of your YNAB4 budget folder.',
  },
  'import-ynab5': {
    title: 'Import nYNAB',
    type: 'ynab5',
    accept: '.json',
    text: 'Choose the JSON file exported from nYNAB.',
  },
} as const;

/** The modals that import one kind of file, by name. */
export type ImportKind = keyof typeof KINDS;

export function makeImportFileModal(kind: ImportKind) {
  const info = KINDS[kind];
  return function ImportFileModal({ active, close }: ModalProps<ImportKind>) {
    const store = useStore();
    const [error, setError] = useState<string | null>(null);
    const [busy, setBusy] = useState(false);

    async function onFile(file: File) {
      setError(null);
      setBusy(true);
      const contents = new Uint8Array(await file.arrayBuffer());
      const uploaded = await store.backend.send('upload-file-web', {
        filename: file.name,
        contents,
      });
      // The core says where it stored the upload (under its documents folder).
      const res = isFailure(uploaded)
        ? uploaded
        : await store.backend.send('import-budget', {
            filepath: uploaded.filepath,
            type: info.type,
          });
      setBusy(false);
      const code = failureCode(res);
      if (code) return setError(importErrorText(code));
      // The core opened the imported budget (and uploaded it when signed in): show it.
      close();
      await loadBudgetData(store);
      await loadAllFiles(store);
    }

    return (
      <Modal title={info.title} onClose={close} active={active} width={500}>
        <div className="stack">
          <p>{info.text}</p>
          {error && <ErrorText>{error}</ErrorText>}
          <label className="btn btn-primary" style={{ alignSelf: 'flex-start' }}>
            {busy ? 'Importing...' : 'Select file...'}
            <input
              type="file"
              accept={info.accept}
              className="sr-only"
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  void onFile(file).catch(
                    () => (setBusy(false), setError(importErrorText('unknown'))),
                  );
              }}
            />
          </label>
        </div>
      </Modal>
    );
  };
}
