/** A busy indicator. Alone it is a progressbar with a name; inside a control that already says
 * what is happening in its text (a 'Syncing' button), it is `decorative` so the control's name is
 * its visible text and nothing more. */
export function Spinner({
  small,
  label,
  decorative,
}: {
  small?: boolean;
  label?: string;
  decorative?: boolean;
}) {
  const className = small ? 'spinner small' : 'spinner';
  if (decorative) return <span className={className} aria-hidden="true" />;
  return <span className={className} role="progressbar" aria-label={label ?? 'Loading'} />;
}
