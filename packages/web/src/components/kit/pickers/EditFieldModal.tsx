import { useRef, useState } from 'react';
import { useCompletions } from '../ui/Completions.tsx';
import type { ModalProps } from '../../../store/modals.ts';
import { AmountInput } from '../ui/AmountInput.tsx';
import { DateInput } from '../ui/DateInput.tsx';
import { DialogFooter, Modal } from '../ui/Modal.tsx';
import type { CategoryOptions, PayeeOptions } from '../ui/autocomplete-logic.ts';
import {
  AccountAutocomplete,
  CategoryAutocomplete,
  PayeeAutocomplete,
  useTagCompleter,
} from './Pickers.tsx';
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
  /**
   * One transaction's field on a phone (its touch editor): a sheet from the bottom edge that
   * starts from the field's `value`, takes a picked item at once (no Apply), and replaces the
   * notes (no prepend or append).
   */
  sheet?: { value: unknown; payee?: PayeeOptions; category?: CategoryOptions };
}

declare module '../../../store/modals.ts' {
  interface ModalMap {
    /** One field's value for the selected transactions. */
    'edit-field': EditFieldOptions;
  }
}

/**
 * The edit-field modal (spec: single-field edit picker): one input for one field, applied to
 * the selected transactions by the caller, or to the phone editor's transaction as a sheet.
 * Enter in the input or Apply submits.
 */
export function EditFieldModal(props: ModalProps<'edit-field'>) {
  // The host keys a modal by its place in the stack: a field's sheet that opens the next one's
  // (payee, then category) takes the same place, so each new options object starts afresh.
  const seen = useRef<{ options: EditFieldOptions; n: number } | null>(null);
  if (seen.current?.options !== props.options) {
    seen.current = { options: props.options, n: (seen.current?.n ?? 0) + 1 };
  }
  return <EditFieldForm key={seen.current.n} {...props} />;
}

function EditFieldForm({ options, close, active }: ModalProps<'edit-field'>) {
  const { name, onSubmit, count, sheet } = options;
  const start = sheet ? sheet.value : name === 'cleared' ? true : null;
  const [value, setValue] = useState<unknown>(start);
  const [mode, setMode] = useState<NotesMode>('replace');
  const noun = EDIT_FIELD_TITLES[name].toLowerCase();
  const title = sheet
    ? EDIT_FIELD_TITLES[name]
    : `Set ${noun}${count ? ` of ${count} transaction${count === 1 ? '' : 's'}` : ''}`;
  const valid = name === 'notes' || name === 'cleared' || (value !== null && value !== undefined);

  // Enter in an input both commits it and submits the form: apply once.
  const done = useRef(false);
  function submit(v: unknown = value) {
    if (!(name === 'notes' || name === 'cleared' || (v !== null && v !== undefined))) return;
    if (done.current) return;
    done.current = true;
    // Closed first: the caller may open the next field's sheet from its answer.
    close();
    onSubmit(name, v, name === 'notes' ? mode : undefined);
  }

  return (
    <Modal
      title={title}
      onClose={close}
      active={active}
      width={420}
      className={sheet ? 'modal-sheet' : undefined}
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FieldInput
          name={name}
          start={start}
          value={value}
          setValue={setValue}
          submit={submit}
          sheet={sheet}
          mode={mode}
          setMode={setMode}
        />
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!valid}>
            {sheet ? 'Done' : 'Apply'}
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

interface FieldInputProps {
  name: EditField;
  start: unknown;
  value: unknown;
  setValue: (v: unknown) => void;
  submit: (v: unknown) => void;
  sheet: EditFieldOptions['sheet'];
  mode: NotesMode;
  setMode: (m: NotesMode) => void;
}

const asString = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The one input of the field; a sheet takes a picked item at once. */
function FieldInput({
  name,
  start,
  value,
  setValue,
  submit,
  sheet,
  mode,
  setMode,
}: FieldInputProps) {
  const label = EDIT_FIELD_TITLES[name];
  switch (name) {
    case 'date':
      return (
        <DateInput
          value={asString(start)}
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
    case 'amount':
      return (
        <AmountInput
          value={typeof start === 'number' ? start : null}
          label={label}
          autoFocus
          onChange={setValue}
          onCommit={(c, reason) => {
            setValue(c);
            if (reason === 'enter') submit(c);
          }}
        />
      );
    case 'payee':
    case 'category':
    case 'account': {
      const picked = (item: { id: string } | null, reason: string) => {
        setValue(item?.id ?? null);
        // A sheet takes a tapped item (a blur that changed the value) as the answer.
        if (item && (reason === 'enter' || (sheet && item.id !== start))) submit(item.id);
      };
      const common = {
        value: asString(value),
        label,
        autoFocus: true,
        clearable: false,
        onCommit: picked,
      };
      if (name === 'payee') return <PayeeAutocomplete {...common} options={sheet?.payee} />;
      if (name === 'category') {
        return <CategoryAutocomplete {...common} options={sheet?.category} />;
      }
      return <AccountAutocomplete {...common} />;
    }
    case 'notes':
      return (
        <div className="stack">
          {!sheet && (
            <div className="row" role="radiogroup" aria-label="How to apply the notes">
              {(['replace', 'prepend', 'append'] as const).map((m) => (
                <label key={m} className="checkbox">
                  <input type="radio" checked={mode === m} onChange={() => setMode(m)} />
                  {m === 'replace' ? 'Replace' : m === 'prepend' ? 'Prepend' : 'Append'}
                </label>
              ))}
            </div>
          )}
          <NotesField
            label={label}
            start={asString(start) ?? ''}
            setValue={setValue}
            submit={submit}
          />
        </div>
      );
    case 'cleared':
      return (
        <div className="row" role="radiogroup" aria-label={label}>
          {[true, false].map((flag) => (
            <label key={String(flag)} className="checkbox">
              <input type="radio" checked={value === flag} onChange={() => setValue(flag)} />
              {flag ? 'Cleared' : 'Not cleared'}
            </label>
          ))}
        </div>
      );
  }
}

/** The notes text, where '#' offers the tags as in the register's notes cell. */
function NotesField({
  label,
  start,
  setValue,
  submit,
}: {
  label: string;
  start: string;
  setValue: (v: string) => void;
  submit: (v: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(start);
  const change = (t: string) => {
    setText(t);
    setValue(t);
  };
  // A combobox: on a phone the list of tags can be long enough to scroll.
  const completions = useCompletions(input, text, change, useTagCompleter(), { combobox: true });
  return (
    <span className="text-input-wrap">
      <input
        {...completions.inputProps}
        ref={input}
        className="input"
        aria-label={label}
        autoComplete="off"
        autoFocus
        value={text}
        onChange={(e) => {
          change(e.target.value);
          completions.onTyped(e.target.selectionStart);
        }}
        onBlur={() => completions.onBlur()}
        onKeyDown={(e) => {
          if (!completions.onKeyDown(e) && e.key === 'Enter') submit(text);
        }}
      />
      {completions.list}
    </span>
  );
}
