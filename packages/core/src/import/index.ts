export { importModule } from './handlers.ts';
export { normalizeImport, type ImportSubtransaction, type ImportTransaction } from './normalize.ts';
export {
  matchExisting,
  MATCH_DAYS_AFTER,
  MATCH_DAYS_BEFORE,
  type Match,
  type MatchReason,
} from './match.ts';
export {
  previewImport,
  type PreviewMatch,
  type PreviewResult,
  type PreviewRow,
} from './preview.ts';
export { importTransactions, type ImportError, type ImportResult } from './reconcile.ts';
export { parseImportFile, type ParseFileAnswer, type ParseOptions } from './parse.ts';
export {
  importPrefKeys,
  importSettingsPrefs,
  readImportSettings,
  type ImportFileType,
  type ImportSettings,
} from './settings.ts';
export { titleCase } from './title.ts';
