import { Button } from '../../kit/ui/Button.tsx';
import { waitingText } from './review-text.ts';

/** The key that approves every marked row in view (`aria-keyshortcuts` spelling). */
export const APPROVE_KEY = 'Shift+A';

/** Whether a key press on the register is the approve-all key (not while typing). */
export function isApproveKey(e: {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}): boolean {
  if (e.key !== 'A' || !e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return false;
  const el = e.target as HTMLElement | null;
  return !(el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable));
}

/**
 * Above the register while bank rows in view wait for review: how many, and one button (or
 * Shift+A anywhere in the register) that approves them all.
 */
export function ReviewBar({
  count,
  onApprove,
  keys = true,
}: {
  count: number;
  onApprove: () => void;
  /** The register takes Shift+A; the phone's list has no keys, so no hint. */
  keys?: boolean;
}) {
  if (count === 0) return null;
  return (
    <div className="reg-review-bar" role="region" aria-label="Bank review">
      <span role="status">{waitingText(count)}</span>
      <span className="reg-review-bar-buttons">
        {keys && (
          <span className="subdued keys-hint" aria-hidden="true">
            {APPROVE_KEY}
          </span>
        )}
        <Button
          type="button"
          variant="primary"
          size="small"
          aria-keyshortcuts={APPROVE_KEY}
          onClick={onApprove}
        >
          Approve all
        </Button>
      </span>
    </div>
  );
}
