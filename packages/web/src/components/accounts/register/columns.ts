import type { RegisterField } from '../types.ts';

export type ColumnId = 'select' | RegisterField | 'balance' | 'menu';

export interface RegisterColumn {
  id: ColumnId;
  header: string;
  width: string;
  align?: 'left' | 'right' | 'center';
  /** The column can be sorted by its header. */
  sortable?: boolean;
}

/** Field order, for Tab and for finding the nearest field in another row. */
export const FIELD_ORDER: readonly RegisterField[] = [
  'date',
  'account',
  'payee',
  'notes',
  'category',
  'payment',
  'deposit',
  'cleared',
];

/** The register's columns: Account on views over several accounts, Balance on one account. */
export function registerColumns(opts: { account: boolean; balance: boolean }): RegisterColumn[] {
  const cols: Array<RegisterColumn | false> = [
    { id: 'select', header: 'Select', width: '32px', align: 'center' },
    { id: 'date', header: 'Date', width: '98px', sortable: true },
    opts.account && {
      id: 'account',
      header: 'Account',
      width: 'minmax(80px, 1fr)',
      sortable: true,
    },
    // Names first: payee and category keep room for a whole name at 1100 px (notes give way).
    // Wider, the notes take more of the room: at 1280 px a word and a tag chip show whole
    // (issue 32; a chip that does not fit is left out for the ellipsis: tag-chip.css).
    { id: 'payee', header: 'Payee', width: 'minmax(120px, 1.3fr)', sortable: true },
    { id: 'notes', header: 'Notes', width: 'minmax(60px, 0.8fr)', sortable: true },
    { id: 'category', header: 'Category', width: 'minmax(128px, 1.1fr)', sortable: true },
    { id: 'payment', header: 'Payment', width: '96px', align: 'right', sortable: true },
    { id: 'deposit', header: 'Deposit', width: '96px', align: 'right', sortable: true },
    opts.balance && { id: 'balance', header: 'Balance', width: '108px', align: 'right' },
    { id: 'cleared', header: 'Cleared', width: '34px', align: 'center', sortable: true },
    { id: 'menu', header: 'Actions', width: '30px', align: 'center' },
  ];
  return cols.filter((c): c is RegisterColumn => c !== false);
}

/**
 * Where a keyboard move goes next within a row's editable fields: the next (or previous)
 * field, or 'next-row' / 'prev-row' past the ends.
 */
export function nextField(
  fields: readonly RegisterField[],
  from: RegisterField,
  dir: 1 | -1,
): RegisterField | 'next-row' | 'prev-row' {
  const i = fields.indexOf(from);
  const j = i < 0 ? nearestIndex(fields, from) + (dir > 0 ? 0 : -1) : i + dir;
  if (j >= fields.length) return 'next-row';
  if (j < 0) return 'prev-row';
  return fields[j]!;
}

function nearestIndex(fields: readonly RegisterField[], field: RegisterField): number {
  const order = FIELD_ORDER.indexOf(field);
  const after = fields.findIndex((f) => FIELD_ORDER.indexOf(f) > order);
  return after < 0 ? fields.length : after;
}

/** The field of `fields` nearest to `field` in column order (for moving up and down). */
export function nearestField(
  fields: readonly RegisterField[],
  field: RegisterField,
): RegisterField | null {
  if (fields.length === 0) return null;
  if (fields.includes(field)) return field;
  const order = FIELD_ORDER.indexOf(field);
  let best = fields[0]!;
  for (const f of fields) {
    if (Math.abs(FIELD_ORDER.indexOf(f) - order) < Math.abs(FIELD_ORDER.indexOf(best) - order)) {
      best = f;
    }
  }
  return best;
}
