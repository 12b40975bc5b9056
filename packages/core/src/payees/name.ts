/**
 * The one check of a payee's name, for every place a person names a payee (the payees page,
 * the register's 'Create Payee', the rule editor's new payees) and for the core's handlers:
 * names are trimmed, and nothing left is refused with a reason the screen can show.
 */
export const PAYEE_NAME_BLANK = 'A payee needs a name';
export const PAYEE_NAME_SPACES = 'A payee name cannot be only spaces';

export type PayeeNameCheck = { ok: true; name: string } | { ok: false; message: string };

export function checkPayeeName(text: string): PayeeNameCheck {
  const name = text.trim();
  if (name !== '') return { ok: true, name };
  return { ok: false, message: text === '' ? PAYEE_NAME_BLANK : PAYEE_NAME_SPACES };
}
