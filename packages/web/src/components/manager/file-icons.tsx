/**
 * File list icons drawn as SVG: the emoji they replace (key, desktop computer) need an emoji
 * font, and a browser without one shows an empty box instead.
 */
const svgProps = {
  width: 14,
  height: 14,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function KeyIcon() {
  return (
    <svg {...svgProps}>
      <circle cx="4.5" cy="8" r="3" />
      <path d="M7.5 8H15M12.5 8v3M15 8v2.5" />
    </svg>
  );
}

export function DeviceIcon() {
  return (
    <svg {...svgProps}>
      <rect x="1.5" y="2.5" width="13" height="9" rx="1" />
      <path d="M5.5 14h5M8 11.5V14" />
    </svg>
  );
}
