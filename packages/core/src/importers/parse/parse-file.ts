import { looksLikeCamt, parseCamt } from './camt.ts';
import { decodeBytes } from './charset.ts';
import { guessCsvDelimiter, parseCsv } from './csv.ts';
import { parseOfx } from './ofx.ts';
import { parseQif } from './qif.ts';
import type { ParseFileOptions, ParseFileResult } from './types.ts';

/** Lower-case extension of a file name ("Data.QFX" -> "qfx"); a bare extension also works. */
export function fileExtension(fileName: string): string {
  const base = fileName.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot >= 0 ? base.slice(dot + 1) : base).toLowerCase();
}

/** Extensions `parseFile` reads. */
export const SUPPORTED_EXTENSIONS: readonly string[] = ['qif', 'ofx', 'qfx', 'csv', 'tsv', 'xml'];

/**
 * Parses an imported file by its extension: QIF, OFX/QFX, CSV/TSV, and XML (CAMT, or OFX
 * saved as .xml). Never throws for bad input: failures come back as errors with no rows.
 */
export function parseFile(
  bytes: Uint8Array,
  fileName: string,
  options: ParseFileOptions = {},
): ParseFileResult {
  const extension = fileExtension(fileName);
  switch (extension) {
    case 'qif':
      return parseQif(bytes, {
        encoding: options.encoding,
        dateFormat: options.qifDateFormat,
        decimalSeparator: options.decimalSeparator,
      });
    case 'ofx':
    case 'qfx':
      return parseOfx(bytes, { encoding: options.encoding });
    case 'csv':
    case 'tsv':
      return parseCsv(bytes, {
        encoding: options.encoding,
        // A .csv without a chosen delimiter gets the likeliest of comma, semicolon and tab:
        // many European banks write semicolons.
        delimiter:
          options.delimiter ||
          (extension === 'tsv' ? '\t' : guessCsvDelimiter(bytes, options.encoding)),
        hasHeaderRow: options.hasHeaderRow,
        skipLines: options.skipLines,
      });
    case 'xml': {
      const head = decodeBytes(bytes.subarray(0, 4096), { encoding: options.encoding }).text;
      if (!looksLikeCamt(head) && /<OFX[\s>]/i.test(head)) {
        return parseOfx(bytes, { encoding: options.encoding });
      }
      return parseCamt(bytes, { encoding: options.encoding });
    }
    default:
      return {
        format: 'unsupported',
        errors: [{ message: 'Invalid file type' }],
        transactions: [],
      };
  }
}
