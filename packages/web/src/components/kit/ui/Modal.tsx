import { type CSSProperties, type ReactNode, useEffect, useId, useRef } from 'react';
import { IconButton } from './Button.tsx';
import './modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /** Only the top modal listens for Escape and holds focus. */
  active?: boolean;
  /** A class for a modal with its own shape (the rule editor is 80% of the viewport tall). */
  className?: string;
}

/** A dialog with a title and close button; Escape closes; focus moves in and is kept there. */
export function Modal({
  title,
  onClose,
  children,
  width = 600,
  active = true,
  className,
}: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!active) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>(
      // A disabled control cannot take focus; the dialog itself does then.
      'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(.modal-close):not(:disabled), [tabindex="0"]',
    );
    const dialog = ref.current;
    (first ?? dialog)?.focus();
    return () => {
      // Focus goes back only when it would otherwise be lost: an answer that moved it on (a
      // confirmed edit opening its field) keeps it where it went.
      const now = document.activeElement;
      if (!now || now === document.body || dialog?.contains(now)) previous?.focus?.();
    };
  }, [active]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && ref.current) {
      const items = ref.current.querySelectorAll<HTMLElement>(
        'a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex="0"]',
      );
      const firstEl = items[0];
      const lastEl = items[items.length - 1];
      if (!firstEl || !lastEl) return;
      if (e.shiftKey && document.activeElement === firstEl) {
        e.preventDefault();
        lastEl.focus();
      } else if (!e.shiftKey && document.activeElement === lastEl) {
        e.preventDefault();
        firstEl.focus();
      }
    }
  }

  return (
    <div className="modal-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`modal${className ? ` ${className}` : ''}`}
        style={{ width, maxWidth: '95vw' }}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <IconButton className="modal-close" label="Close" onClick={onClose}>
            ✕
          </IconButton>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}

export interface DialogFooterProps {
  children: ReactNode;
  /** A footer with its own layout (the rule editor's, the import's). */
  className?: string;
  style?: CSSProperties;
}

/** The row of a dialog's buttons, the confirming one last. */
export function DialogFooter({ children, className, style }: DialogFooterProps) {
  return (
    <div className={className ? `modal-footer ${className}` : 'modal-footer'} style={style}>
      {children}
    </div>
  );
}
