import { describe, expect, it } from 'vitest';

import { checkPayeeName, PAYEE_NAME_BLANK, PAYEE_NAME_SPACES } from './name.ts';

describe('a payee name', () => {
  it('is trimmed', () => {
    expect(checkPayeeName('  Corner Cafe ')).toEqual({ ok: true, name: 'Corner Cafe' });
  });

  it('is refused when empty, saying so', () => {
    expect(checkPayeeName('')).toEqual({ ok: false, message: PAYEE_NAME_BLANK });
  });

  it('is refused when only spaces (or other blanks), saying that spaces alone are no name', () => {
    for (const text of [' ', '   ', '\t', ' \u00a0 ']) {
      expect(checkPayeeName(text)).toEqual({ ok: false, message: PAYEE_NAME_SPACES });
    }
    expect(PAYEE_NAME_SPACES).not.toBe(PAYEE_NAME_BLANK);
  });
});
