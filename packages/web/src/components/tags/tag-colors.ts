import type { CSSProperties } from 'react';

/** The colours the tags page offers (Actual stores any `#rrggbb`; these read well on both themes). */
export const TAG_COLORS = [
  '#1f6feb',
  '#1a7f37',
  '#9a6700',
  '#cf222e',
  '#8250df',
  '#bf3989',
  '#0a7c86',
];

/** A chip's colours: the tag's own as the background with text that keeps 4.5:1 on it. */
export function tagStyle(color: string | null): CSSProperties {
  if (!color || !/^#[0-9a-fA-F]{6}$/.test(color)) return {};
  return { background: color, color: textOn(color), borderColor: color };
}

/** Black or white, whichever contrasts more with the colour (WCAG relative luminance). */
export function textOn(color: string): string {
  const channel = (i: number) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}
