import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * How a button looks. `normal`, `primary`, `bare` (no border, for toolbars and icons) and
 * `danger` are the `.btn` family; `link` reads as a link inside text; `plain` carries no kit
 * class, for a control whose whole look is its area's (a budget cell, a calendar day).
 */
export type ButtonVariant = 'normal' | 'primary' | 'bare' | 'danger' | 'link' | 'plain';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** `small` is the register's toolbar size. */
  size?: 'normal' | 'small';
  ref?: Ref<HTMLButtonElement>;
}

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  normal: 'btn',
  primary: 'btn btn-primary',
  bare: 'btn btn-bare',
  danger: 'btn btn-danger',
  link: 'link-button',
  plain: '',
};

/** The classes a button of this variant and size carries, then the caller's own. */
export function buttonClass(
  variant: ButtonVariant = 'normal',
  size: 'normal' | 'small' = 'normal',
  className?: string,
): string | undefined {
  const parts = [VARIANT_CLASS[variant], size === 'small' ? 'btn-small' : '', className ?? ''];
  return parts.filter(Boolean).join(' ') || undefined;
}

/**
 * The one button. Everything a native button takes passes through unchanged, including `type`:
 * a button left without one submits its form, as a native one does.
 */
export function Button({ variant, size, className, ...rest }: ButtonProps) {
  return <button className={buttonClass(variant, size, className)} {...rest} />;
}

export interface IconButtonProps extends Omit<ButtonProps, 'aria-label'> {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
}

/** A button showing only an icon or a glyph, so its name cannot be left out. */
export function IconButton({ label, variant = 'bare', ...rest }: IconButtonProps) {
  return <Button aria-label={label} variant={variant} {...rest} />;
}
