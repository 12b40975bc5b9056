/**
 * The transaction's own fields in the touch editor: the amount typed in place (first, at once on
 * a new one), then payee, category, account, date and notes as rows that open the spec's
 * edit-field picker as a sheet. A picked payee moves on to the category's sheet, so quick add
 * needs no extra taps.
 */
import { useAppState, useStore } from '../../../store/context.ts';
import { type Draft, updateDraft } from '../editing/draft.ts';
import { newUuid } from '../editing/uuid.ts';
import type { EditField } from '../../kit/pickers/EditFieldModal.tsx';
import { usePayeeName } from '../../kit/pickers/Pickers.tsx';
import { AmountInput } from '../../kit/ui/AmountInput.tsx';
import { Button } from '../../kit/ui/Button.tsx';
import { Checkbox } from '../../kit/ui/Checkbox.tsx';
import { ErrorText } from '../../kit/ui/ErrorText.tsx';
import { useFormat } from '../../../store/use-format.ts';

export interface FieldsProps {
  draft: Draft;
  /** Changes the draft as it is now (two edits in one event both count). */
  update: (fn: (d: Draft) => Draft) => void;
  /** The register's refusal of the draft (no date, no account), shown beside its field. */
  problem: { field: string; message: string } | null;
  /** A field holds text it refused (`bad`), or no longer does. */
  onInvalid: (id: string, bad: boolean) => void;
  isNew: boolean;
}

type SheetField = Exclude<EditField, 'amount' | 'cleared'>;

export function EditorFields({ draft, update, problem, onInvalid, isNew }: FieldsProps) {
  const store = useStore();
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const categories = useAppState((s) => s.categories);
  const payeeName = usePayeeName();
  const fmt = useFormat();
  const set = (field: Parameters<typeof updateDraft>[2], value: unknown) =>
    update((d) => updateDraft(d, null, field, value, newUuid));

  /** Whether a transfer to `payee` from the draft's account needs no category. */
  const categoryless = (payee: string | null, account = draft.account) => {
    const to = accounts.find((a) => a.id === payees.find((p) => p.id === payee)?.transfer_acct);
    const from = accounts.find((a) => a.id === account);
    // A transfer between two budget accounts moves money already budgeted: no category.
    return !!to && !!from && !to.offbudget && !from.offbudget;
  };

  function open(name: SheetField, value: unknown) {
    store.pushModal('edit-field', {
      name,
      sheet: {
        value,
        payee: { excludeAccount: draft.account ?? undefined },
        category: { showSplit: true },
      },
      onSubmit: (_, picked) => {
        set(name, picked);
        // Quick add: a payee picked for a transaction with no category yet asks for it next.
        if (name === 'payee' && !draft.lines && !draft.category) {
          const id = typeof picked === 'string' ? picked : null;
          if (!categoryless(id)) open('category', null);
        }
      },
    });
  }

  const category =
    draft.category === 'split'
      ? 'Split Transaction'
      : (categories.list.find((c) => c.id === draft.category)?.name ?? '');
  const rows: { name: SheetField; label: string; value: unknown; shown: string }[] = [
    { name: 'payee', label: 'Payee', value: draft.payee, shown: payeeName(draft.payee) },
    ...(draft.lines
      ? []
      : [{ name: 'category' as const, label: 'Category', value: draft.category, shown: category }]),
    {
      name: 'account',
      label: 'Account',
      value: draft.account,
      shown: accounts.find((a) => a.id === draft.account)?.name ?? '',
    },
    {
      name: 'date',
      label: 'Date',
      value: draft.date,
      shown: draft.date ? fmt.date(draft.date) : '',
    },
    { name: 'notes', label: 'Notes', value: draft.notes ?? '', shown: draft.notes ?? '' },
  ];

  return (
    <>
      <div className="ph-field ph-amount">
        <span className="ph-label" aria-hidden="true">
          Amount
        </span>
        <AmountInput
          id="ph-amount"
          label="Amount"
          value={isNew && draft.amount === 0 ? null : draft.amount}
          signToggle
          defaultNegative
          autoFocus={isNew}
          onChange={(c) => {
            onInvalid('ph-amount', c === undefined);
            if (c !== undefined) update((d) => ({ ...d, amount: c ?? 0 }));
          }}
          onCommit={(_, reason) => {
            if (reason === 'enter' && !draft.payee) open('payee', draft.payee);
          }}
        />
      </div>
      {rows.map((row) =>
        row.name === 'category' && categoryless(draft.payee) ? (
          <p key={row.name} className="ph-field subdued">
            Transfer: no category
          </p>
        ) : (
          <FieldRow
            key={row.name}
            id={`ph-${row.name}`}
            label={row.label}
            shown={row.shown}
            error={problem?.field === row.name ? problem.message : null}
            onOpen={() => open(row.name, row.value)}
          />
        ),
      )}
      <Checkbox
        labelClassName="ph-field ph-check"
        checked={draft.cleared}
        onChange={(e) => set('cleared', e.target.checked)}
      >
        Cleared
      </Checkbox>
      {problem && !rows.some((r) => r.name === problem.field) && (
        <ErrorText kind="field">{problem.message}</ErrorText>
      )}
    </>
  );
}

/** One field as a whole-width row: its label, its value, a tap to change it in a sheet. */
function FieldRow(props: {
  id: string;
  label: string;
  shown: string;
  error: string | null;
  onOpen: () => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="ph-field">
      <Button
        id={props.id}
        variant="bare"
        className="ph-field-row"
        aria-describedby={props.error ? errorId : undefined}
        onClick={props.onOpen}
      >
        <span className="ph-label">{props.label}</span>
        <span className={props.shown ? 'ph-field-value' : 'ph-field-value subdued'}>
          {props.shown || 'None'}
        </span>
      </Button>
      {props.error && (
        <ErrorText id={errorId} kind="field">
          {props.error}
        </ErrorText>
      )}
    </div>
  );
}
