import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { Popover } from '../kit/ui/Popover.tsx';
import { startBankLink } from './bank-link.ts';
import { CONNECTION_PROBLEM, offersReauthorize, SERVER_RETURNED } from './link-logic.ts';
import './bank.css';
import { Button } from '../kit/ui/Button.tsx';

/**
 * The connection-problem banner of a linked account whose last bank sync failed (spec): its
 * popup shows the error and offers Unlink and Reauthorize when a new consent fixes it (login
 * required, invalid token), otherwise Unlink account. The register renders it above its header.
 */
export function ConnectionProblemBanner({ accountId }: { accountId: string }) {
  const store = useStore();
  const navigate = useNavigate();
  const failure = useAppState((s) => s.failedAccounts[accountId]);
  const account = useAppState((s) => s.accounts.find((a) => a.id === accountId));
  const linked = !!account?.account_id;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  if (!failure || !linked) return null;

  const forget = () => {
    const { [accountId]: _gone, ...rest } = store.get().failedAccounts;
    store.set({ failedAccounts: rest });
  };
  const unlink = async () => {
    setBusy(true);
    await store.backend.send('account-unlink', { id: accountId });
    setBusy(false);
    setOpen(false);
    forget();
  };
  const reauthorize = () => {
    setOpen(false);
    startBankLink(store, navigate, {
      upgradingAccountId: accountId,
      syncSource: account?.account_sync_source ?? null,
    });
  };

  return (
    <div className="connection-problem" role="region" aria-label="Connection problem">
      <Button
        ref={anchor}
        type="button"
        variant="plain"
        className="connection-problem-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⚠</span> {CONNECTION_PROBLEM}
      </Button>
      {open && (
        <Popover anchor={anchor} maxHeight={320} style={{ maxWidth: 420 }}>
          <div
            className="connection-problem-popup stack"
            role="dialog"
            tabIndex={-1}
            aria-label="Bank connection problem"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setOpen(false);
                anchor.current?.focus();
              }
            }}
          >
            <p>{SERVER_RETURNED}</p>
            <p className="connection-problem-message">{failure.message}</p>
            <div className="row" style={{ justifyContent: 'flex-end' }}>
              {offersReauthorize(failure) ? (
                <>
                  <Button type="button" disabled={busy} onClick={() => void unlink()}>
                    Unlink
                  </Button>
                  <Button type="button" variant="primary" autoFocus onClick={reauthorize}>
                    Reauthorize
                  </Button>
                </>
              ) : (
                <Button
                  type="button"
                  variant="primary"
                  autoFocus
                  disabled={busy}
                  onClick={() => void unlink()}
                >
                  Unlink account
                </Button>
              )}
            </div>
          </div>
        </Popover>
      )}
    </div>
  );
}

export default ConnectionProblemBanner;
