/**
 * The transaction's own fields in the touch editor, amount first (typed at once on a new one),
 * each picked value moving on to the next field so quick add needs no extra taps.
 */
import { useAppState } from '../../../store/context.ts';
import { type Draft, updateDraft } from '../editing/draft.ts';
import { newUuid } from '../editing/uuid.ts';
import {
  AccountAutocomplete,
  CategoryAutocomplete,
  PayeeAutocomplete,
  useTagCompleter,
} from '../../kit/pickers/Pickers.tsx';
import { AmountInput } from '../../kit/ui/AmountInput.tsx';
import { Checkbox } from '../../kit/ui/Checkbox.tsx';
import { DateInput } from '../../kit/ui/DateInput.tsx';
import { ErrorText } from '../../kit/ui/ErrorText.tsx';
import { TextInput } from '../../kit/ui/TextInput.tsx';
import { focusNext } from './navigation.ts';

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

const el = (id: string) => document.getElementById(id);

export function EditorFields({ draft, update, problem, onInvalid, isNew }: FieldsProps) {
  const accounts = useAppState((s) => s.accounts);
  const payees = useAppState((s) => s.payees);
  const tagCompleter = useTagCompleter();
  const set = (field: Parameters<typeof updateDraft>[2], value: unknown) =>
    update((d) => updateDraft(d, null, field, value, newUuid));
  const transferTo = payees.find((p) => p.id === draft.payee)?.transfer_acct ?? null;
  const fromAcct = accounts.find((a) => a.id === draft.account);
  const toAcct = accounts.find((a) => a.id === transferTo);
  // A transfer between two budget accounts moves money already budgeted: no category.
  const categoryless = !!toAcct && !!fromAcct && !toAcct.offbudget && !fromAcct.offbudget;

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
            if (reason === 'enter') focusNext('ph-payee', el('ph-amount'));
          }}
        />
      </div>
      <label className="ph-field" htmlFor="ph-payee">
        <span className="ph-label">Payee</span>
        <PayeeAutocomplete
          id="ph-payee"
          label="Payee"
          value={draft.payee}
          options={{ excludeAccount: draft.account ?? undefined }}
          onCommit={(item, reason) => {
            set('payee', item?.id ?? null);
            if (item && (reason === 'enter' || reason === 'blur')) {
              focusNext(draft.lines ? 'ph-date' : 'ph-category', el('ph-payee'));
            }
          }}
        />
      </label>
      {!draft.lines &&
        (categoryless ? (
          <p className="ph-field subdued">Transfer: no category</p>
        ) : (
          <label className="ph-field" htmlFor="ph-category">
            <span className="ph-label">Category</span>
            <CategoryAutocomplete
              id="ph-category"
              label="Category"
              value={draft.category}
              options={{ showSplit: true }}
              onCommit={(item) => set('category', item?.id ?? null)}
            />
          </label>
        ))}
      <label className="ph-field" htmlFor="ph-account">
        <span className="ph-label">Account</span>
        <AccountAutocomplete
          id="ph-account"
          label="Account"
          value={draft.account}
          clearable={false}
          error={problem?.field === 'account' ? problem.message : null}
          onCommit={(item) => set('account', item?.id ?? null)}
        />
      </label>
      <label className="ph-field" htmlFor="ph-date">
        <span className="ph-label">Date</span>
        <DateInput
          id="ph-date"
          label="Date"
          value={draft.date || null}
          required
          error={problem?.field === 'date' ? problem.message : null}
          onChange={(d) => {
            onInvalid('ph-date', d === undefined);
            if (d) update((old) => ({ ...old, date: d }));
          }}
          onCommit={(d) => {
            onInvalid('ph-date', false);
            if (d) set('date', d);
          }}
        />
      </label>
      <label className="ph-field" htmlFor="ph-notes">
        <span className="ph-label">Notes</span>
        <TextInput
          id="ph-notes"
          label="Notes"
          value={draft.notes ?? ''}
          completer={tagCompleter}
          onCommit={(text) => set('notes', text)}
        />
      </label>
      <Checkbox
        labelClassName="ph-field ph-check"
        checked={draft.cleared}
        onChange={(e) => set('cleared', e.target.checked)}
      >
        Cleared
      </Checkbox>
      {problem && problem.field !== 'date' && problem.field !== 'account' && (
        <ErrorText kind="field">{problem.message}</ErrorText>
      )}
    </>
  );
}
