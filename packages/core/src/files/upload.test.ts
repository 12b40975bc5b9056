import { describe, expect, it } from 'vitest';
import { uploadFailure } from './upload.ts';

describe('uploadFailure', () => {
  it('tells a refused, too-large budget apart and says how the server takes it', () => {
    const { error } = uploadFailure({ reason: 'payload-too-large', status: 413 });
    expect(error.type).toBe('payload-too-large');
    expect(error.message).toBe(
      'This budget is larger than the server accepts. Whoever runs the server can raise its upload limit (COFFER_UPLOAD_FILE_MB, or upload.fileMB in its config file).',
    );
  });
});
