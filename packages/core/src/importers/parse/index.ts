export type {
  CsvResult,
  CsvRow,
  DateFormat,
  DecimalSeparator,
  ParseError,
  ParseFileOptions,
  ParseFileResult,
  ParsedSubtransaction,
  ParsedTransaction,
  TransactionFormat,
  TransactionsResult,
  UnsupportedResult,
} from './types.ts';
export type { AmountOptions } from './amount.ts';
export {
  amountFromIndicator,
  applyMultiplier,
  flipAmount,
  inflowOutflowToAmount,
  isValidMultiplier,
  parseAmount,
} from './amount.ts';
export type { DateParseOptions, TwoDigitYears } from './date.ts';
export {
  DATE_FORMATS,
  dateErrorMessage,
  detectDateFormat,
  formatDate,
  looksLikeDate,
  looksLikeDateColumn,
  noAmountMessage,
  parseDate,
  possibleDateFormats,
} from './date.ts';
export type { Decoded, DecodeOptions } from './charset.ts';
export { charsetLabel, decodeBytes } from './charset.ts';
export type { CsvOptions } from './csv.ts';
export { guessCsvDelimiter, parseCsv } from './csv.ts';
export type { CsvMapping, CsvMappingOptions, MappedRow, MappedRows } from './csv-mapping.ts';
export { applyCsvMapping, mapCsvRow } from './csv-mapping.ts';
export type { QifOptions } from './qif.ts';
export { parseQif } from './qif.ts';
export type { OfxOptions } from './ofx.ts';
export { ofxDate, parseOfx } from './ofx.ts';
export type { CamtOptions } from './camt.ts';
export { parseCamt } from './camt.ts';
export { fileExtension, parseFile, SUPPORTED_EXTENSIONS } from './parse-file.ts';
