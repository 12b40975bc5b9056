/**
 * The import settings remembered per account in the budget's local prefs (metadata.json),
 * under the keys Actual's import modal uses, so a budget moved between the apps keeps them.
 * The UI reads them with `load-prefs` and writes them with `save-prefs`.
 */

/** The file kinds settings are kept for (a `.tsv` file counts as csv). */
export type ImportFileType = 'csv' | 'qif' | 'ofx' | 'qfx' | 'camt';

export interface ImportSettings {
  /** CSV: which column feeds which field (date, payee, notes, amount, inflow, outflow…). */
  mappings: Record<string, unknown> | null;
  delimiter: string | null;
  hasHeaderRow: boolean | null;
  /** The date format chosen for this kind of file ('yyyy mm dd', …). */
  dateFormat: string | null;
  flipAmount: boolean | null;
}

export function importPrefKeys(accountId: string, fileType: ImportFileType) {
  return {
    mappings: `csv-mappings-${accountId}`,
    delimiter: `csv-delimiter-${accountId}`,
    hasHeaderRow: `csv-has-header-${accountId}`,
    dateFormat: `parse-date-${accountId}-${fileType}`,
    flipAmount: `flip-amount-${accountId}-${fileType}`,
  };
}

const asString = (v: unknown) => (typeof v === 'string' ? v : null);
const asBoolean = (v: unknown) => (typeof v === 'boolean' ? v : null);

/** Actual stores the mappings as a JSON string; an object is accepted too. */
function asMappings(v: unknown): Record<string, unknown> | null {
  let value = v;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The settings remembered for an account and file kind (null where none were saved). */
export function readImportSettings(
  prefs: Readonly<Record<string, unknown>>,
  accountId: string,
  fileType: ImportFileType,
): ImportSettings {
  const keys = importPrefKeys(accountId, fileType);
  return {
    mappings: fileType === 'csv' ? asMappings(prefs[keys.mappings]) : null,
    delimiter: fileType === 'csv' ? asString(prefs[keys.delimiter]) : null,
    hasHeaderRow: fileType === 'csv' ? asBoolean(prefs[keys.hasHeaderRow]) : null,
    dateFormat: asString(prefs[keys.dateFormat]),
    flipAmount: asBoolean(prefs[keys.flipAmount]),
  };
}

/**
 * The prefs to save after an import (for `save-prefs`): the date format always, the CSV
 * mapping, delimiter and header flag for CSV, and flip-amount for CSV and QIF, as Actual does.
 */
export function importSettingsPrefs(
  accountId: string,
  fileType: ImportFileType,
  settings: Partial<ImportSettings>,
): Record<string, unknown> {
  const keys = importPrefKeys(accountId, fileType);
  const out: Record<string, unknown> = {};
  if (settings.dateFormat != null) out[keys.dateFormat] = settings.dateFormat;
  if (fileType === 'csv') {
    if (settings.mappings != null) out[keys.mappings] = JSON.stringify(settings.mappings);
    if (settings.delimiter != null) out[keys.delimiter] = settings.delimiter;
    if (settings.hasHeaderRow != null) out[keys.hasHeaderRow] = settings.hasHeaderRow;
  }
  if ((fileType === 'csv' || fileType === 'qif') && settings.flipAmount != null) {
    out[keys.flipAmount] = settings.flipAmount;
  }
  return out;
}
