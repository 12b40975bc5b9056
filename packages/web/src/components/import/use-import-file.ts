import { importSettingsPrefs, readImportSettings } from '@coffer/core/ui';
import { useEffect, useRef, useState } from 'react';
import { savePrefs } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import type { LocalPrefs } from '../../store/types.ts';
import { isFailure } from '../../backend/backend.ts';
import { looksHeaderless } from './csv-guess.ts';
import type { DoneCounts } from './ImportDone.tsx';
import {
  fatalErrorText,
  fileTypeOf,
  type ImportChoices,
  importedCounts,
  initialChoices,
  type ParseAnswer,
  settingsToSave,
  type toImportTransactions,
} from './import-state.ts';

/** The rows as the core's import takes them. */
export type ImportTransactions = ReturnType<typeof toImportTransactions>;

export interface LoadedFile {
  name: string;
  bytes: Uint8Array;
}

export type Phase =
  | { kind: 'choose' }
  | { kind: 'parsing' }
  | { kind: 'error'; message: string }
  | { kind: 'ready' }
  | { kind: 'importing' }
  | { kind: 'done'; counts: DoneCounts };

/**
 * The import's file and its phases: read the file, parse it with the settings remembered for
 * the account (asking again without a header row when a CSV's first row looks like a
 * transaction), parse again when a setting that changes the parse changes, import, and
 * remember the settings. `initialFile`: one dropped on the register.
 */
export function useImportFile(accountId: string, initialFile: File | undefined) {
  const store = useStore();
  const prefs = useAppState((s) => s.prefs) as Record<string, unknown> | null;
  const [phase, setPhase] = useState<Phase>(initialFile ? { kind: 'parsing' } : { kind: 'choose' });
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [answer, setAnswer] = useState<ParseAnswer | null>(null);
  const [choices, setChoices] = useState<ImportChoices | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const parseRun = useRef(0);

  const fileType = file ? fileTypeOf(file.name, answer?.format) : 'csv';

  async function parse(loaded: LoadedFile, previous?: ImportChoices) {
    const run = ++parseRun.current;
    setPhase({ kind: 'parsing' });
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
    if (initialFile instanceof File) void load(initialFile);
    // Only the file the modal was opened with.
  }, []);

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

  /** `previewToken`: the preview of these rows, whose work the import then reuses. */
  async function runImport(transactions: ImportTransactions, previewToken: string | null) {
    if (!choices || transactions.length === 0) return;
    setImportError(null);
    setPhase({ kind: 'importing' });
    const res = await store.backend.send('transactions-import', {
      accountId,
      transactions,
      previewToken,
    });
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

  return { phase, file, answer, choices, importError, load, change, runImport };
}
