/**
 * Expected failures of the file, account and sync handlers. `type` is the spec's error code;
 * `reason` repeats it because Actual's callers read `error.reason` for files, keys and sync;
 * `meta` carries details such as `{ isMissingKey }` or the id of an existing file.
 */
export interface CloudError<R extends string = string> {
  error: { type: R; reason: R; message: string; meta?: unknown };
}

const MESSAGES: Record<string, string> = {
  'network-failure': 'Unable to contact the server.',
  network: 'Unable to contact the server.',
  'no-server': 'No sync server is configured.',
  'get-server-failure': 'That is not a valid server URL.',
  'parse-failure': 'Server does not look like a Coffer server. Is it set up correctly?',
  'invalid-password': 'Invalid password.',
  'password-match': 'Passwords do not match.',
  unauthorized: 'You are not logged in.',
  internal: 'Internal server error.',
  // The server refused an upload past its limit (413): say what lets it through.
  'payload-too-large':
    'This budget is larger than the server accepts. Whoever runs the server can raise its upload limit (COFFER_UPLOAD_FILE_MB, or upload.fileMB in its config file).',
  'file-exists': 'A budget with this id is already on this device.',
  'download-failure': 'Downloading the file failed. Check your network connection.',
  'not-zip-file': 'Downloaded file is invalid.',
  'invalid-zip-file': 'Downloaded file is invalid.',
  'invalid-meta-file': 'Downloaded file is invalid.',
  'decrypt-failure': 'Unable to decrypt file with this password. Please try again.',
  'encrypt-failure': 'Unable to encrypt the file.',
  'old-key-style': 'This file uses an older encryption key format; generate a new key.',
  'file-has-reset': 'Syncing has been reset on this cloud file.',
  'file-has-new-key': 'This file is encrypted with a newer key.',
  'file-not-found': 'This file is not a cloud file.',
  'budget-not-found': 'No budget with that id.',
  'no-budget': 'No budget is open.',
  // Users and sharing (a server with users on).
  forbidden: 'Only an administrator can do that.',
  'already-enabled': 'Users are already turned on for this server.',
  'user-cant-be-empty': 'Enter a username.',
  'role-cant-be-empty': 'Choose a role.',
  'role-does-not-exists': 'That role does not exist.',
  'user-already-exists': 'A user with this username already exists.',
  'cannot-find-user-to-update': 'That user no longer exists.',
  'not-all-deleted': 'Some users could not be deleted: the server’s owner always stays.',
  'file-denied': 'You don’t have permission to change who can use this file.',
  'invalid-file-id': 'This file is not on the server.',
  'new-user-not-found': 'That user no longer exists.',
  'user-already-have-access': 'This user already has access.',
};

export function cloudError<R extends string>(reason: R, meta?: unknown): CloudError<R> {
  const message = MESSAGES[reason] ?? `An unknown error occurred: ${reason}`;
  return {
    error:
      meta === undefined
        ? { type: reason, reason, message }
        : { type: reason, reason, message, meta },
  };
}

export function isCloudError(value: unknown): value is CloudError {
  return typeof value === 'object' && value !== null && 'error' in value;
}
