import { useId } from 'react';
import type { CsvRow } from '@coffer/core/ui';
import { distinctValues } from './csv-guess.ts';
import {
  DATE_FORMATS,
  type DateFormat,
  DELIMITERS,
  FIELD_LABELS,
  type ImportChoices,
  type MappedField,
} from './import-state.ts';
import { Select } from '../kit/ui/Select.tsx';

type Change = (patch: Partial<ImportChoices>) => void;

function OptionSelect({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  // A label beside the select, not around it, so its name is the label alone.
  const id = useId();
  return (
    <div className="field import-field">
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        label={label}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

function Check({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

const NONE = '';

/** Which column feeds each field: the date is required, the rest may be left out. */
export function CsvMappingFields({
  fields,
  rows,
  choices,
  onChange,
}: {
  fields: readonly string[];
  rows: readonly CsvRow[];
  choices: ImportChoices;
  onChange: Change;
}) {
  const inOut = choices.splitMode ? undefined : choices.mapping.inOut;
  const outValues = inOut ? distinctValues(rows, inOut) : [];
  const columns = fields.map((f) => ({ value: f, label: f }));
  const optional = [{ value: NONE, label: '(none)' }, ...columns];
  const shown: MappedField[] = choices.splitMode
    ? ['date', 'payee', 'notes', 'category', 'outflow', 'inflow']
    : ['date', 'payee', 'notes', 'category', 'amount'];
  const set = (field: MappedField, column: string) =>
    onChange({ mapping: { ...choices.mapping, [field]: column === NONE ? undefined : column } });
  return (
    <fieldset className="import-fieldset">
      <legend>Column mapping</legend>
      <div className="import-mapping">
        {shown.map((field) => (
          <OptionSelect
            key={field}
            label={FIELD_LABELS[field]}
            value={choices.mapping[field] ?? NONE}
            options={field === 'date' ? columns : optional}
            onChange={(column) => set(field, column)}
          />
        ))}
        {!choices.splitMode && (
          <OptionSelect
            label="Debit/credit column"
            value={inOut ?? NONE}
            options={optional}
            onChange={(column) =>
              onChange({
                mapping: {
                  ...choices.mapping,
                  inOut: column === NONE ? undefined : column,
                  outValue: column === NONE ? undefined : distinctValues(rows, column)[0],
                },
              })
            }
          />
        )}
        {inOut && (
          <OptionSelect
            label="Money out when it says"
            value={choices.mapping.outValue ?? ''}
            options={outValues.map((v) => ({ value: v, label: v }))}
            onChange={(outValue) => onChange({ mapping: { ...choices.mapping, outValue } })}
          />
        )}
      </div>
      <Check
        label="Split amount into separate inflow/outflow columns"
        checked={choices.splitMode}
        onChange={(splitMode) => onChange({ splitMode })}
      />
    </fieldset>
  );
}

/** The options of a file: CSV layout, date format, flip, multiplier, clear on import. */
export function ImportSettingsFields({
  format,
  choices,
  onChange,
}: {
  /** csv, qif, ofx or camt, as the parser names it. */
  format: string;
  choices: ImportChoices;
  onChange: Change;
}) {
  const multiplierId = useId();
  const csv = format === 'csv';
  const datesChosen = csv || format === 'qif';
  const multiplierInvalid =
    choices.multiplier !== null && !/^\d+(\.\d{1,4})?$/.test(choices.multiplier.trim());
  return (
    <fieldset className="import-fieldset">
      <legend>Import options</legend>
      <div className="import-settings">
        {csv && (
          <OptionSelect
            label="Delimiter"
            value={choices.delimiter}
            options={DELIMITERS}
            onChange={(delimiter) => onChange({ delimiter })}
          />
        )}
        {datesChosen && (
          <OptionSelect
            label="Date format"
            value={choices.dateFormat}
            options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
            onChange={(dateFormat) => onChange({ dateFormat: dateFormat as DateFormat })}
          />
        )}
        <div className="import-checks">
          {csv && (
            <Check
              label="File has header row"
              checked={choices.hasHeaderRow}
              onChange={(hasHeaderRow) => onChange({ hasHeaderRow })}
            />
          )}
          {datesChosen && (
            <Check
              label="Flip amount"
              checked={choices.flipAmount && !choices.splitMode}
              disabled={choices.splitMode}
              onChange={(flipAmount) => onChange({ flipAmount })}
            />
          )}
          {csv && (
            <span className="import-multiplier">
              <Check
                label="Multiply amount"
                checked={choices.multiplier !== null}
                onChange={(on) => onChange({ multiplier: on ? '1' : null })}
              />
              {choices.multiplier !== null && (
                <input
                  id={multiplierId}
                  className="input"
                  aria-label="Multiplier"
                  inputMode="decimal"
                  value={choices.multiplier}
                  aria-invalid={multiplierInvalid}
                  onChange={(e) => onChange({ multiplier: e.target.value })}
                />
              )}
            </span>
          )}
          <Check
            label="Clear transactions on import"
            checked={choices.clearOnImport}
            onChange={(clearOnImport) => onChange({ clearOnImport })}
          />
        </div>
      </div>
    </fieldset>
  );
}
