import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'normal' | 'primary' | 'bare' | 'danger' | 'link';

const CLASS: Record<ButtonVariant, string> = {
  normal: 'btn',
  primary: 'btn btn-primary',
  bare: 'btn btn-bare',
  danger: 'btn btn-danger',
  link: 'link-button',
};

/**
 * The one button: the theme's look by `variant`, `type="button"` unless told (a button inside a
 * form must not submit it by accident). Its name is its text, or `aria-label` for an icon.
 */
export function Button({
  variant = 'normal',
  type = 'button',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return (
    <button
      type={type}
      className={className ? `${CLASS[variant]} ${className}` : CLASS[variant]}
      {...rest}
    />
  );
}
