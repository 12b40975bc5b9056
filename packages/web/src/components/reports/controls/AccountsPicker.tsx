import { useEffect, useId, useRef, useState } from 'react';
import type { Account } from '../../../store/types.ts';
import { Popover } from '../../kit/ui/Popover.tsx';
import { isClosed, isOffBudget } from '../data/source.ts';
import { Button } from '../../kit/ui/Button.tsx';

/** What the button says about a choice of accounts. Pure, for the test. */
export function accountsSummary(chosen: readonly string[], accounts: readonly Account[]): string {
  const set = new Set(chosen);
  const inChoice = accounts.filter((a) => set.has(a.id));
  if (inChoice.length === 0) return 'No accounts';
  if (inChoice.length === accounts.length) return 'All accounts';
  const budget = accounts.filter((a) => !isOffBudget(a));
  if (inChoice.length === budget.length && inChoice.every((a) => !isOffBudget(a))) {
    return 'Budget accounts';
  }
  if (inChoice.length === 1) return inChoice[0]!.name;
  return `${inChoice.length} of ${accounts.length} accounts`;
}

/**
 * The accounts a report counts: a button that opens a list of checkboxes, with shortcuts for
 * all accounts and the budget's accounts. Escape or a click outside closes it.
 */
export function AccountsPicker({
  accounts,
  chosen,
  onChange,
}: {
  accounts: readonly Account[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const set = new Set(chosen);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('input, button')?.focus();
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const toggle = (accountId: string) =>
    onChange(accounts.map((a) => a.id).filter((x) => (x === accountId ? !set.has(x) : set.has(x))));
  const listed = [
    ['For budget', accounts.filter((a) => !isOffBudget(a))],
    ['Off budget', accounts.filter((a) => isOffBudget(a))],
  ] as const;

  return (
    <>
      <Button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="subdued">Accounts:</span> {accountsSummary(chosen, accounts)}
      </Button>
      {open && (
        <Popover anchor={button} maxHeight={420} className="accounts-picker" id={id}>
          <div
            ref={panel}
            role="dialog"
            aria-label="Accounts"
            onKeyDown={(e) => {
              if (e.key === 'Escape' || (e.key === 'Tab' && !e.shiftKey && isLast(e.target))) {
                if (e.key === 'Escape') e.preventDefault();
                close();
              }
            }}
          >
            <div className="row accounts-picker-quick">
              <Button
                type="button"
                variant="link"
                onClick={() => onChange(accounts.map((a) => a.id))}
              >
                All
              </Button>
              <Button
                type="button"
                variant="link"
                onClick={() => onChange(accounts.filter((a) => !isOffBudget(a)).map((a) => a.id))}
              >
                Budget accounts
              </Button>
            </div>
            {listed.map(([title, list]) =>
              list.length === 0 ? null : (
                <fieldset key={title} className="accounts-picker-group">
                  <legend>{title}</legend>
                  {list.map((a) => (
                    <label key={a.id} className="checkbox">
                      <input
                        type="checkbox"
                        checked={set.has(a.id)}
                        onChange={() => toggle(a.id)}
                      />
                      <span className={isClosed(a) ? 'subdued' : undefined}>
                        {a.name}
                        {isClosed(a) ? ' (closed)' : ''}
                      </span>
                    </label>
                  ))}
                </fieldset>
              ),
            )}
          </div>
        </Popover>
      )}
    </>
  );

  function isLast(target: EventTarget): boolean {
    const inputs = panel.current?.querySelectorAll('input, button');
    return Boolean(inputs && inputs[inputs.length - 1] === target);
  }
}
