import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type Named =
  /** A box beside its text: the text is the name, and clicking it toggles the box. */
  | { children: ReactNode; label?: never }
  /** A box alone (a table's select column): its name is required. */
  | { label: string; children?: never };

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> &
  Named & {
    /** Classes of the wrapping label (a box with text). */
    labelClassName?: string;
    ref?: Ref<HTMLInputElement>;
  };

/** A native checkbox with a name by construction. */
export function Checkbox({ label, children, labelClassName, ...rest }: CheckboxProps) {
  if (label !== undefined) {
    // A box alone is its own target: on a touch screen it grows to 44×44 px (theme.css).
    const className = rest.className ? `checkbox-alone ${rest.className}` : 'checkbox-alone';
    return <input type="checkbox" aria-label={label} {...rest} className={className} />;
  }
  return (
    <label className={labelClassName ? `checkbox ${labelClassName}` : 'checkbox'}>
      <input type="checkbox" {...rest} />
      {children}
    </label>
  );
}
