import type { ReactNode } from 'react';

export interface ErrorTextProps {
  children: ReactNode;
  /** `block` is a message under a form or list; `field` is the message beside one input. */
  kind?: 'block' | 'field';
  /** The element: a `div` by default, a `p` in running text, a `span` inside a line. */
  as?: 'div' | 'p' | 'span';
  className?: string;
  /** For an input's `aria-describedby`. */
  id?: string;
}

/**
 * A refusal or failure shown to the user: announced at once (`role="alert"`) in the error
 * colour. Render it only while there is something to say, so each message is announced once.
 */
export function ErrorText({ children, kind = 'block', as = 'div', className, id }: ErrorTextProps) {
  const Tag = as;
  const base = kind === 'field' ? 'field-error' : 'error-text';
  return (
    <Tag id={id} role="alert" className={className ? `${base} ${className}` : base}>
      {children}
    </Tag>
  );
}
