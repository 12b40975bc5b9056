export function Spinner({ small, label }: { small?: boolean; label?: string }) {
  return (
    <span
      className={small ? 'spinner small' : 'spinner'}
      role="progressbar"
      aria-label={label ?? 'Loading'}
    />
  );
}
