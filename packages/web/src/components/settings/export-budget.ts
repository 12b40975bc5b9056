import type { AppStore } from '../../store/store.ts';
import { isFailure } from '../../backend/backend.ts';

export const EXPORT_FAILED = 'An unknown error occurred while exporting the budget.';

/**
 * Downloads the open budget as a zip file (its database and metadata). Answers null when the
 * file was handed to the browser, or the error text to show.
 */
export async function downloadBudgetExport(store: AppStore): Promise<string | null> {
  const file = await store.backend.send('export-budget');
  if (isFailure(file)) return EXPORT_FAILED;
  const url = URL.createObjectURL(new Blob([file.data as BlobPart], { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.click();
  URL.revokeObjectURL(url);
  return null;
}
