import { type HandlerError, handlerError } from '../../handlers-core/errors.ts';

/** The spec's import errors, with the words the user sees. */
export const IMPORT_ERRORS = {
  'not-ynab4': 'This file is not valid. Please select a compressed ynab4 zip file.',
  'parse-error': 'Unable to parse file. Please select a JSON file exported from nYNAB.',
  'not-ynab5': 'This file is not valid. Please select a JSON file exported from nYNAB.',
  'not-zip-file': 'This file is not valid. Please select an unencrypted archive of Actual data.',
  'invalid-zip-file': 'This archive is not a valid Actual export file.',
  'invalid-metadata-file': 'The metadata file in the given archive is corrupted.',
  'internal-error':
    "An unknown error occurred while importing. Please report this as a new issue on the project's issue tracker.",
} as const;

export type ImportErrorType = keyof typeof IMPORT_ERRORS;

export function importError(type: ImportErrorType): HandlerError<ImportErrorType> {
  return handlerError(type, IMPORT_ERRORS[type]);
}
