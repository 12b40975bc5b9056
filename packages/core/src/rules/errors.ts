import type { RuleErrorCode } from './types.ts';

/** What the rule editor shows under a row for each error code. */
export const RULE_ERROR_TEXTS: Readonly<Partial<Record<RuleErrorCode, string>>> = {
  'date-format': 'Invalid date format',
  'no-null': 'Value cannot be empty',
  'no-empty-array': 'Value cannot be empty',
  'no-empty-string': 'Value cannot be empty',
  'no-tag': 'A tag needs a name after the #: a # alone would match every note',
  'not-number': 'Value must be a number',
  'invalid-field': 'Please choose a valid field for this type of rule',
};

/** Any other code (a value the editor should never send) gets the internal-error text. */
export const RULE_INTERNAL_ERROR_TEXT =
  'Internal error, sorry! Please get in touch with support if this keeps happening.';

export function ruleErrorText(code: string): string {
  return RULE_ERROR_TEXTS[code as RuleErrorCode] ?? RULE_INTERNAL_ERROR_TEXT;
}
