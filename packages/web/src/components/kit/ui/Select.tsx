import type { Ref, SelectHTMLAttributes } from 'react';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'aria-label'> {
  /**
   * The accessible name, required: a select is named by this even when a `<label>` wraps it
   * (pass the label's text then, so the name stays what the label says).
   */
  label: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select in the form's look (`.input`); options are its `<option>` children. */
export function Select({ label, className, ...rest }: SelectProps) {
  return (
    <select aria-label={label} className={className ? `input ${className}` : 'input'} {...rest} />
  );
}
