import { statusBadge } from './schedule-logic.ts';

/** A schedule's status as a small coloured label (spec: badges, and a default one). */
export function StatusBadge({ status }: { status: string | undefined }) {
  const { text, kind } = statusBadge(status);
  return <span className={`status-badge status-${kind}`}>{text}</span>;
}
