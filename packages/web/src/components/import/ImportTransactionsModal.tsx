import { useEffect, useMemo, useRef, useState } from 'react';
import { type CsvRow, importSettingsPrefs, readImportSettings } from '@coffer/core/ui';
import { savePrefs } from '../../store/actions.ts';
import type { LocalPrefs } from '../../store/types.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { isFailure } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { looksHeaderless } from './csv-guess.ts';
import { ImportDone, type DoneCounts } from './ImportDone.tsx';
import { CsvMappingFields, ImportSettingsFields } from './ImportOptions.tsx';
import { ImportPreview, type PreviewRow } from './ImportPreview.tsx';
import {
  ACCEPTED_FILES,
  buildRows,
  countOutcomes,
  importButtonText,
  fatalErrorText,
  fileTypeOf,
  type ImportChoices,
  importedCounts,
  initialChoices,
  type ParseAnswer,
  previewSummary,
  settingsToSave,
  toImportTransactions,
} from './import-state.ts';
import './import.css';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';

interface LoadedFile {
  name: string;
  bytes: Uint8Array;
}

type Phase =
  | { kind: 'choose' }
  | { kind: 'parsing' }
  | { kind: 'error'; message: string }
  | { kind: 'ready' }
  | { kind: 'importing' }
  | { kind: 'done'; counts: DoneCounts };

/** How many record errors are listed before "and N more". */
const ERRORS_SHOWN = 5;

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
  const prefs = useAppState((s) => s.prefs) as Record<string, unknown> | null;
  const [phase, setPhase] = useState<Phase>(
    options.file ? { kind: 'parsing' } : { kind: 'choose' },
  );
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [answer, setAnswer] = useState<ParseAnswer | null>(null);
  const [choices, setChoices] = useState<ImportChoices | null>(null);
  /** The preview's answer, with the rows it answered for (a later change makes it stale). */
  const [answered, setPreviews] = useState<{
    of: readonly unknown[];
    rows: (PreviewRow | undefined)[];
  } | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const parseRun = useRef(0);

  const fileType = file ? fileTypeOf(file.name, answer?.format) : 'csv';

  async function parse(loaded: LoadedFile, previous?: ImportChoices) {
    const run = ++parseRun.current;
    setPhase({ kind: 'parsing' });
    setPreviews(null);
    const remembered = readImportSettings(prefs ?? {}, accountId, fileTypeOf(loaded.name));
    const tsv = /\.tsv$/i.test(loaded.name);
    const type = fileTypeOf(loaded.name);
    const delimiter = previous?.delimiter ?? (tsv ? null : remembered.delimiter);
    let hasHeaderRow = previous?.hasHeaderRow ?? remembered.hasHeaderRow ?? true;
    const parseWith = (header: boolean) =>
      store.backend.send('transactions-parse-file', {
        filepath: loaded.name,
        contents: loaded.bytes,
        options: {
          delimiter,
          hasHeaderRow: header,
          qifDateFormat: type === 'qif' ? (previous?.dateFormat ?? remembered.dateFormat) : null,
        },
      });
    let res = await parseWith(hasHeaderRow);
    // Nobody said whether this file has a header, and its first row is a transaction.
    const unsure = previous?.hasHeaderRow === undefined && remembered.hasHeaderRow === null;
    if (unsure && !isFailure(res) && res.format === 'csv' && looksHeaderless(res.fields ?? [])) {
      hasHeaderRow = false;
      res = await parseWith(false);
    }
    if (run !== parseRun.current) return;
    const failure = isFailure(res) ? fatalErrorText({ error: res }) : fatalErrorText(res);
    if (failure || isFailure(res)) {
      setAnswer(null);
      setPhase({ kind: 'error', message: failure ?? 'Internal error' });
      return;
    }
    setAnswer(res);
    setChoices(
      initialChoices(remembered, res, previous, {
        hasHeaderRow,
        dayFirst: String(prefs?.dateFormat ?? '').startsWith('dd'),
      }),
    );
    setPhase({ kind: 'ready' });
  }

  async function load(picked: File) {
    setFile(null);
    setImportError(null);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await picked.arrayBuffer());
    } catch {
      setPhase({ kind: 'error', message: 'Error reading file' });
      return;
    }
    const loaded = { name: picked.name, bytes };
    setFile(loaded);
    await parse(loaded);
  }

  useEffect(() => {
    if (options.file instanceof File) void load(options.file);
    // Only the file the modal was opened with.
  }, []);

  const built = useMemo(
    () => (answer && choices ? buildRows(answer, choices) : { rows: [], errors: [] }),
    [answer, choices],
  );
  const transactions = useMemo(
    () => (choices ? toImportTransactions(built.rows, choices) : []),
    [built, choices],
  );

  // What each row will do, asked again whenever the rows change (after a short pause, so
  // typing a multiplier does not ask for every keystroke).
  useEffect(() => {
    if (phase.kind !== 'ready' || transactions.length === 0) {
      setPreviews(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void store.backend
        .send('transactions-import-preview', {
          accountId,
          transactions,
        })
        .then((res) => {
          if (!current) return;
          setPreviews(isFailure(res) ? null : { of: transactions, rows: res.transactions });
        });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [store, accountId, transactions, phase.kind]);

  // Counted only from an answer for the rows shown: the button never offers a stale number.
  const previews = answered?.of === transactions ? answered.rows : null;
  const counts = previews ? countOutcomes(previews.map((p) => p?.outcome)) : null;
  const button = importButtonText(counts, transactions.length);

  function change(patch: Partial<ImportChoices>) {
    if (!choices || !file) return;
    const next = { ...choices, ...patch };
    setChoices(next);
    const reparse =
      (answer?.format === 'csv' &&
        (next.delimiter !== choices.delimiter || next.hasHeaderRow !== choices.hasHeaderRow)) ||
      (answer?.format === 'qif' && next.dateFormat !== choices.dateFormat);
    if (reparse) void parse(file, next);
  }

  async function runImport() {
    if (!choices || transactions.length === 0) return;
    setImportError(null);
    setPhase({ kind: 'importing' });
    const res = await store.backend.send('transactions-import', { accountId, transactions });
    const failure = isFailure(res) ? res.error.message : res.errors[0]?.message;
    if (failure || isFailure(res)) {
      setImportError(failure ?? 'Internal error');
      setPhase({ kind: 'ready' });
      return;
    }
    setPhase({ kind: 'done', counts: importedCounts(transactions.length, res) });
    // Remembered for the next file; the counts need not wait for it.
    void savePrefs(
      store,
      // The per-account keys (`csv-mappings-<id>`...) are outside LocalPrefs' named fields.
      importSettingsPrefs(
        accountId,
        fileType,
        settingsToSave(fileType, choices),
      ) as Partial<LocalPrefs>,
    );
  }

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
          <>
            <ImportPreview rows={built.rows} previews={previews} />
            <p className="import-summary" role="status">
              {built.rows.length === 0
                ? 'No transactions to import'
                : counts
                  ? previewSummary(counts)
                  : `${built.rows.length.toLocaleString('en-US')} transactions: checking which are already in the account…`}
            </p>
            {built.errors.length > 0 && (
              <div className="import-warnings" role="alert">
                <strong>
                  {built.errors.length === 1
                    ? 'One record cannot be imported and will be left out:'
                    : `${built.errors.length.toLocaleString('en-US')} records cannot be imported and will be left out:`}
                </strong>
                <ul>
                  {built.errors.slice(0, ERRORS_SHOWN).map((e, i) => (
                    <li key={i}>{e.message}</li>
                  ))}
                </ul>
                {built.errors.length > ERRORS_SHOWN && (
                  <span>
                    and {(built.errors.length - ERRORS_SHOWN).toLocaleString('en-US')} more.
                  </span>
                )}
              </div>
            )}
            {importError && <ErrorText>{importError}</ErrorText>}
            {answer.format === 'csv' && (
              <CsvMappingFields
                fields={answer.fields ?? []}
                rows={answer.transactions as CsvRow[]}
                choices={choices}
                onChange={change}
              />
            )}
            <ImportSettingsFields
              format={answer.format ?? 'csv'}
              choices={choices}
              onChange={change}
            />
            <DialogFooter className="import-footer">
              {chooseButton('Select new file...')}
              <span className="import-footer-gap" />
              <Button type="button" variant="bare" onClick={close}>
                Cancel
              </Button>
              <Button
                type="button"
                variant="primary"
                autoFocus
                disabled={
                  transactions.length === 0 || button.writes === 0 || phase.kind === 'importing'
                }
                onClick={() => void runImport()}
              >
                {phase.kind === 'importing' ? (
                  <>
                    <Spinner small label="Importing" /> Importing...
                  </>
                ) : (
                  button.text
                )}
              </Button>
            </DialogFooter>
          </>
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
