/** A busy indicator. Alone it is a progressbar with a name; inside a control that already says
 * what is happening in its text (a 'Syncing' button), it is `decorative` so the control's name is
 * its visible text and nothing more. `late`: a wait for a screen (the start, a page's code or
 * data) shows and spins it only once it has lasted a second (theme.css `.spinner.late`). */
export function Spinner({
  small,
  label,
  decorative,
  late,
}: {
  small?: boolean;
  label?: string;
  decorative?: boolean;
  late?: boolean;
}) {
  const className = `spinner${small ? ' small' : ''}${late ? ' late' : ''}`;
  if (decorative) return <span className={className} aria-hidden="true" />;
  return <span className={className} role="progressbar" aria-label={label ?? 'Loading'} />;
}
