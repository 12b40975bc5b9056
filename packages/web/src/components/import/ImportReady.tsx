import type { ReactNode } from 'react';
import type { CsvRow } from '@coffer/core/ui';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { DialogFooter } from '../kit/ui/Modal.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { CsvMappingFields, ImportSettingsFields } from './ImportOptions.tsx';
import { ImportPreview, type PreviewRow } from './ImportPreview.tsx';
import {
  type Built,
  countOutcomes,
  type ImportChoices,
  importButtonText,
  type ParseAnswer,
  previewSummary,
} from './import-state.ts';

/** How many record errors are listed before "and N more". */
const ERRORS_SHOWN = 5;

interface ImportReadyProps {
  answer: ParseAnswer;
  choices: ImportChoices;
  built: Built;
  /** What each row will do, or null while the core is asked. */
  previews: (PreviewRow | undefined)[] | null;
  importing: boolean;
  importError: string | null;
  change: (patch: Partial<ImportChoices>) => void;
  chooseButton: ReactNode;
  onImport: () => void;
  close: () => void;
}

/** The parsed file: the preview and its summary, the records left out, the settings, Import. */
export function ImportReady(p: ImportReadyProps) {
  const { answer, choices, built, previews } = p;
  const counts = previews ? countOutcomes(previews.map((r) => r?.outcome)) : null;
  const button = importButtonText(counts, built.rows.length);
  return (
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
            <span>and {(built.errors.length - ERRORS_SHOWN).toLocaleString('en-US')} more.</span>
          )}
        </div>
      )}
      {p.importError && <ErrorText>{p.importError}</ErrorText>}
      {answer.format === 'csv' && (
        <CsvMappingFields
          fields={answer.fields ?? []}
          rows={answer.transactions as CsvRow[]}
          choices={choices}
          onChange={p.change}
        />
      )}
      <ImportSettingsFields format={answer.format ?? 'csv'} choices={choices} onChange={p.change} />
      <DialogFooter className="import-footer">
        {p.chooseButton}
        <span className="import-footer-gap" />
        <Button type="button" variant="bare" onClick={p.close}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="primary"
          autoFocus
          disabled={built.rows.length === 0 || button.writes === 0 || p.importing}
          onClick={p.onImport}
        >
          {p.importing ? (
            <>
              <Spinner small label="Importing" /> Importing...
            </>
          ) : (
            button.text
          )}
        </Button>
      </DialogFooter>
    </>
  );
}
