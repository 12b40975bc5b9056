import { type KeyboardEvent, type RefObject, useEffect } from 'react';

/**
 * A popup that acts as a small dialog: it takes focus when it opens, closes on a press outside
 * it and its anchor (another popover, such as a date's calendar, counts as inside), closes on
 * Escape, and keeps Tab within itself. Returns the popup's key handler.
 */
export function usePopupDialog(
  ref: RefObject<HTMLElement | null>,
  anchor: RefObject<HTMLElement | null>,
  onClose: () => void,
): (e: KeyboardEvent) => void {
  useEffect(() => {
    ref.current?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as HTMLElement;
      // The start and end dates' calendars are popovers of their own.
      if (ref.current?.contains(target) || anchor.current?.contains(target)) return;
      if (target.closest?.('.popover')) return;
      onClose();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [ref, anchor, onClose]);

  return (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && ref.current) {
      // Focus stays in the popup, as in a dialog.
      const items = [
        ...ref.current.querySelectorAll<HTMLElement>(
          'button:not(:disabled), input:not(:disabled), select:not(:disabled)',
        ),
      ];
      const first = items[0];
      const last = items[items.length - 1];
      if (
        e.shiftKey &&
        (document.activeElement === first || document.activeElement === ref.current)
      ) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  };
}
