import { useRef, useState } from 'react';
import type { ModalProps } from '../../../store/modals.ts';
import { AmountInput } from '../ui/AmountInput.tsx';
import { DateInput } from '../ui/DateInput.tsx';
import { DialogFooter, Modal } from '../ui/Modal.tsx';
import { AccountAutocomplete, CategoryAutocomplete, PayeeAutocomplete } from './Pickers.tsx';
import { Button } from '../ui/Button.tsx';

/** The fields the edit-field picker sets on selected transactions. */
export type EditField = 'date' | 'account' | 'payee' | 'notes' | 'category' | 'amount' | 'cleared';

export const EDIT_FIELD_TITLES: Record<EditField, string> = {
  date: 'Date',
  account: 'Account',
  payee: 'Payee',
  notes: 'Notes',
  category: 'Category',
  amount: 'Amount',
  cleared: 'Cleared',
};

export type NotesMode = 'replace' | 'prepend' | 'append';

export interface EditFieldOptions {
  name: EditField;
  /**
   * The chosen value: a date, an account / payee (`new:{name}` for a new one) / category id,
   * the notes text with how to apply it, integer cents, or the cleared flag.
   */
  onSubmit: (name: EditField, value: unknown, mode?: NotesMode) => void;
  /** How many transactions the value goes to, for the title. */
  count?: number;
}

declare module '../../../store/modals.ts' {
  interface ModalMap {
    /** One field's value for the selected transactions. */
    'edit-field': EditFieldOptions;
  }
}

/**
 * The edit-field modal (spec: single-field edit picker): one input for one field, applied to
 * the selected transactions by the caller. Enter in the input or Apply submits.
 */
export function EditFieldModal({ options, close, active }: ModalProps<'edit-field'>) {
  const { name, onSubmit, count } = options;
  const [value, setValue] = useState<unknown>(name === 'cleared' ? true : null);
  const [mode, setMode] = useState<NotesMode>('replace');
  const title = `Set ${EDIT_FIELD_TITLES[name].toLowerCase()}${count ? ` of ${count} transaction${count === 1 ? '' : 's'}` : ''}`;
  const valid = name === 'notes' || name === 'cleared' || (value !== null && value !== undefined);

  // Enter in an input both commits it and submits the form: apply once.
  const done = useRef(false);
  function submit(v: unknown = value) {
    if (!(name === 'notes' || name === 'cleared' || (v !== null && v !== undefined))) return;
    if (done.current) return;
    done.current = true;
    onSubmit(name, v, name === 'notes' ? mode : undefined);
    close();
  }

  const label = EDIT_FIELD_TITLES[name];
  let input;
  switch (name) {
    case 'date':
      input = (
        <DateInput
          value={null}
          label={label}
          autoFocus
          required
          onChange={setValue}
          onCommit={(d, reason) => {
            setValue(d);
            if (reason === 'enter') submit(d);
          }}
        />
      );
      break;
    case 'amount':
      input = (
        <AmountInput
          value={null}
          label={label}
          autoFocus
          onChange={setValue}
          onCommit={(c, reason) => {
            setValue(c);
            if (reason === 'enter') submit(c);
          }}
        />
      );
      break;
    case 'payee':
    case 'category':
    case 'account': {
      const Picker =
        name === 'payee'
          ? PayeeAutocomplete
          : name === 'category'
            ? CategoryAutocomplete
            : AccountAutocomplete;
      input = (
        <Picker
          value={(value as string | null) ?? null}
          label={label}
          autoFocus
          clearable={false}
          onCommit={(item, reason) => {
            setValue(item?.id ?? null);
            if (reason === 'enter' && item) submit(item.id);
          }}
        />
      );
      break;
    }
    case 'notes':
      input = (
        <div className="stack">
          <div className="row" role="radiogroup" aria-label="How to apply the notes">
            {(['replace', 'prepend', 'append'] as const).map((m) => (
              <label key={m} className="checkbox">
                <input type="radio" checked={mode === m} onChange={() => setMode(m)} />
                {m === 'replace' ? 'Replace' : m === 'prepend' ? 'Prepend' : 'Append'}
              </label>
            ))}
          </div>
          <input
            className="input"
            aria-label={label}
            autoFocus
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && submit((e.target as HTMLInputElement).value)}
          />
        </div>
      );
      break;
    case 'cleared':
      input = (
        <div className="row" role="radiogroup" aria-label={label}>
          {[true, false].map((flag) => (
            <label key={String(flag)} className="checkbox">
              <input type="radio" checked={value === flag} onChange={() => setValue(flag)} />
              {flag ? 'Cleared' : 'Not cleared'}
            </label>
          ))}
        </div>
      );
      break;
  }

  return (
    <Modal title={title} onClose={close} active={active} width={420}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {input}
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!valid}>
            Apply
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}
