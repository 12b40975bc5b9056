import { useMemo, useRef } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { ImportDone } from './ImportDone.tsx';
import { ImportReady } from './ImportReady.tsx';
import { ACCEPTED_FILES, buildRows, toImportTransactions } from './import-state.ts';
import { useImportFile } from './use-import-file.ts';
import { useImportPreview } from './use-import-preview.ts';
import './import.css';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';

/**
 * Import transactions (spec: parsing, then ready, then importing): a QIF, OFX, QFX, CSV, TSV
 * or CAMT file into one account. The preview shows what will be added and what matched a
 * transaction already there (and why); the import is one undo step; the settings chosen for
 * a CSV or QIF file are remembered for the account.
 */
export function ImportTransactionsModal({
  options,
  active,
  close,
}: ModalProps<'import-transactions'>) {
  const store = useStore();
  const { accountId } = options;
  const account = useAppState((s) => s.accounts.find((a) => a.id === accountId));
  const { phase, file, answer, choices, importError, load, change, runImport } = useImportFile(
    accountId,
    options.file,
  );
  const picker = useRef<HTMLInputElement>(null);

  const built = useMemo(
    () => (answer && choices ? buildRows(answer, choices) : { rows: [], errors: [] }),
    [answer, choices],
  );
  const transactions = useMemo(
    () => (choices ? toImportTransactions(built.rows, choices) : []),
    [built, choices],
  );
  const preview = useImportPreview(accountId, transactions, phase.kind === 'ready');

  const chooseButton = (text: string) => (
    <Button type="button" onClick={() => picker.current?.click()}>
      {text}
    </Button>
  );
  const fileInput = (
    <input
      ref={picker}
      type="file"
      accept={ACCEPTED_FILES}
      hidden
      tabIndex={-1}
      onChange={(e) => {
        const picked = e.target.files?.[0];
        e.target.value = '';
        if (picked) void load(picked);
      }}
    />
  );

  const wide = phase.kind === 'ready' || phase.kind === 'importing';
  return (
    <Modal title="Import transactions" onClose={close} active={active} width={wide ? 800 : 520}>
      <div
        className="import-modal stack"
        onDragOver={(e) => {
          if (phase.kind === 'choose' || phase.kind === 'error') e.preventDefault();
        }}
        onDrop={(e) => {
          const dropped = e.dataTransfer.files[0];
          if (!dropped || !(phase.kind === 'choose' || phase.kind === 'error')) return;
          e.preventDefault();
          void load(dropped);
        }}
      >
        {account && phase.kind !== 'done' && (
          <p className="subdued import-into">
            Into <strong>{account.name}</strong>
            {file ? <> from {file.name}</> : null}
          </p>
        )}
        {phase.kind === 'choose' && (
          <>
            <p>
              Choose a file exported by your bank or another finance program: QIF, OFX, QFX, CSV,
              TSV or CAMT.053 (XML).
            </p>
            <DialogFooter style={{ justifyContent: 'flex-start' }}>
              {chooseButton('Select file...')}
            </DialogFooter>
          </>
        )}
        {phase.kind === 'parsing' && (
          <div className="import-busy">
            <Spinner label="Reading file" /> Reading the file…
          </div>
        )}
        {phase.kind === 'error' && (
          <>
            <ErrorText className="import-error">{phase.message}</ErrorText>
            <DialogFooter style={{ justifyContent: 'flex-start' }}>
              {chooseButton('Select new file...')}
            </DialogFooter>
          </>
        )}
        {(phase.kind === 'ready' || phase.kind === 'importing') && answer && choices && (
          <ImportReady
            answer={answer}
            choices={choices}
            built={built}
            previews={preview?.rows ?? null}
            importing={phase.kind === 'importing'}
            importError={importError}
            change={change}
            chooseButton={chooseButton('Select new file...')}
            onImport={() => void runImport(transactions, preview?.token ?? null)}
            close={close}
          />
        )}
        {phase.kind === 'done' && (
          <ImportDone
            accountName={account?.name ?? ''}
            counts={phase.counts}
            onUndo={async () => {
              await store.backend.send('undo');
              close();
            }}
            onClose={close}
          />
        )}
        {fileInput}
      </div>
    </Modal>
  );
}

export default ImportTransactionsModal;
