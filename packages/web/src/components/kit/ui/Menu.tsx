import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Popover } from './Popover.tsx';

export interface MenuItem {
  name: string;
  text: string;
  disabled?: boolean;
  /** A keyboard shortcut or a short note, shown on the right. */
  hint?: string;
  /** A destructive action, shown in the error colour. */
  danger?: boolean;
}

export type MenuEntry = MenuItem | { text: string; kind: 'text' } | { kind: 'separator' };

/** The spec's list type-ahead resets after one second. */
const TYPEAHEAD_RESET_MS = 1000;

interface MenuProps {
  anchor: RefObject<HTMLElement | null>;
  items: MenuEntry[];
  onSelect: (name: string) => void;
  onClose: () => void;
  label?: string;
}

/**
 * A menu beside its anchor: arrows, Home and End move, typing jumps to an item by its first
 * letters, Enter picks, Escape, Tab or a click outside close it and focus returns to the anchor.
 */
export function Menu({ anchor, items, onSelect, onClose, label }: MenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });

  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('[role=menuitem]:not(:disabled)');
    first?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!ref.current?.contains(target) && !anchor.current?.contains(target)) onClose();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [anchor, onClose]);

  function close() {
    onClose();
    anchor.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    const entries = [
      ...(ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]:not(:disabled)') ?? []),
    ];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => entries[(i + entries.length) % entries.length]?.focus();
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      focus(index + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focus(index - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focus(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focus(entries.length - 1);
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const now = e.timeStamp;
      const t = typed.current;
      t.text = now - t.at > TYPEAHEAD_RESET_MS ? e.key : t.text + e.key;
      t.at = now;
      const hit = entries.find((el) =>
        (el.dataset.text ?? '').toLowerCase().startsWith(t.text.toLowerCase()),
      );
      hit?.focus();
    }
  }

  return (
    <Popover anchor={anchor} className="menu" maxHeight={600}>
      <div ref={ref} role="menu" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, i) => {
          if ('kind' in item) {
            return item.kind === 'separator' ? (
              <div key={i} role="separator" className="menu-separator" />
            ) : (
              <div key={i} className="menu-text">
                {item.text}
              </div>
            );
          }
          return (
            <button
              key={item.name}
              role="menuitem"
              type="button"
              data-text={item.text}
              disabled={item.disabled}
              className={item.danger ? 'danger' : undefined}
              onClick={() => {
                close();
                onSelect(item.name);
              }}
            >
              <span>{item.text}</span>
              {item.hint && <span className="menu-hint">{item.hint}</span>}
            </button>
          );
        })}
      </div>
    </Popover>
  );
}

interface MenuButtonProps {
  label: ReactNode;
  ariaLabel?: string;
  items: MenuEntry[];
  onSelect: (name: string) => void;
  className?: string;
  /** Kept for callers; the popup places itself where it fits. */
  align?: 'left' | 'right';
  disabled?: boolean;
  title?: string;
}

/** A button that opens a menu (see Menu). */
export function MenuButton({
  label,
  ariaLabel,
  items,
  onSelect,
  className,
  disabled,
  title,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className ?? 'btn btn-bare'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={ariaLabel}
        title={title}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <Menu
          anchor={button}
          items={items}
          label={ariaLabel ?? (typeof label === 'string' ? label : undefined)}
          onSelect={onSelect}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
