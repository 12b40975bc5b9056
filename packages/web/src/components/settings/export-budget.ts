import type { AppStore } from '../../app/store.ts';
import { errorCode } from '../../backend/backend.ts';

export const EXPORT_FAILED = 'An unknown error occurred while exporting the budget.';

/** The zip and its name from `export-budget`, read without trusting the answer's shape. */
function exportedFile(res: unknown): { data: Uint8Array; fileName: string } | null {
  if (!res || typeof res !== 'object' || !('data' in res) || !('fileName' in res)) return null;
  const { data, fileName } = res;
  return data instanceof Uint8Array && typeof fileName === 'string' ? { data, fileName } : null;
}

/**
 * Downloads the open budget as a zip file (its database and metadata). Answers null when the
 * file was handed to the browser, or the error text to show.
 */
export async function downloadBudgetExport(store: AppStore): Promise<string | null> {
  const res: unknown = await store.backend.send('export-budget');
  const file = errorCode(res) ? null : exportedFile(res);
  if (!file) return EXPORT_FAILED;
  const url = URL.createObjectURL(new Blob([file.data as BlobPart], { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.click();
  URL.revokeObjectURL(url);
  return null;
}
