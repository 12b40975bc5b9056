import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface MenuItem {
  name: string;
  text: string;
  disabled?: boolean;
}

interface MenuButtonProps {
  label: ReactNode;
  ariaLabel?: string;
  items: Array<MenuItem | { text: string; kind: 'text' }>;
  onSelect: (name: string) => void;
  className?: string;
  align?: 'left' | 'right';
}

/** A button opening a menu: arrow keys move, Enter picks, Escape or outside click closes. */
export function MenuButton({
  label,
  ariaLabel,
  items,
  onSelect,
  className,
  align = 'left',
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const first = wrap.current?.querySelector<HTMLElement>('[role=menuitem]:not(:disabled)');
    first?.focus();
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (!open) return;
    const entries = [
      ...(wrap.current?.querySelectorAll<HTMLElement>('[role=menuitem]:not(:disabled)') ?? []),
    ];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      entries[(index + 1) % entries.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      entries[(index - 1 + entries.length) % entries.length]?.focus();
    }
  }

  return (
    <div ref={wrap} style={{ position: 'relative', display: 'inline-block' }} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={className ?? 'btn btn-bare'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <div role="menu" className="menu" style={align === 'right' ? { right: 0 } : { left: 0 }}>
          {items.map((item, i) =>
            'kind' in item ? (
              <div key={i} className="menu-text">
                {item.text}
              </div>
            ) : (
              <button
                key={item.name}
                role="menuitem"
                disabled={item.disabled}
                onClick={() => {
                  setOpen(false);
                  onSelect(item.name);
                }}
              >
                {item.text}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
