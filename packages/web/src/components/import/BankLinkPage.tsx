import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../kit/ui/Spinner.tsx';
import {
  LINK_PROGRESS_KEY,
  linkPageView,
  type LinkProgress,
  readLinkProgress,
} from './link-progress.ts';
import './bank.css';

const readNow = (): LinkProgress | null =>
  readLinkProgress(window.localStorage.getItem(LINK_PROGRESS_KEY), Date.now());

/**
 * Where a bank sends the browser back after the consent (`/gocardless/link`, `/nordigen/link`)
 * when the app, not the Coffer server, answers that address. The tab that started the link
 * keeps waiting and carries on by itself; this tab follows it (the progress it shares in
 * `link-progress.ts`) and says how it went: waiting, linked, or the error. Opened with no link
 * in progress, it says so and claims nothing. A bank reports a refusal or a cancel with
 * `error` (and `details`).
 */
export function BankLinkPage() {
  const [params] = useSearchParams();
  const [progress, setProgress] = useState(readNow);
  const view = linkPageView(progress, {
    error: params.get('error'),
    details: params.get('details'),
  });

  useEffect(() => {
    // The starting tab writes linked or failed when its wait ends.
    const onStorage = (e: StorageEvent) => {
      if (e.key === LINK_PROGRESS_KEY || e.key === null) setProgress(readNow());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (view.kind === 'linked') window.close();
  }, [view.kind]);

  return (
    <div className="page bank-link-page">
      <div className="card stack bank-link-card">
        {view.kind === 'none' && (
          <>
            <h1>No bank link is in progress</h1>
            <p>
              Nothing was linked from this page. To link a bank account, open Coffer, choose an
              account’s menu and ‘Link bank account’, or ‘Add account’ in the sidebar.
            </p>
          </>
        )}
        {view.kind === 'waiting' && (
          <>
            <h1>Finishing the link…</h1>
            <p role="status" className="bank-busy">
              <Spinner small label={`Waiting on ${view.provider}`} /> The Coffer window you started
              from is collecting the accounts from {view.provider}. Go back to it to choose which
              accounts to link.
            </p>
          </>
        )}
        {view.kind === 'linked' && (
          <>
            <h1>Your bank account is linked</h1>
            <p>
              Go back to the Coffer window you started from: it carries on with choosing which
              accounts to link. This window should close by itself; if it does not, you can close
              it.
            </p>
          </>
        )}
        {view.kind === 'error' && (
          <>
            <h1>Your bank did not link the account</h1>
            <p role="alert">
              {view.bank ? `The bank answered: ${view.text}.` : view.text} Go back to Coffer and try
              linking again.
            </p>
          </>
        )}
        <div>
          <Link className="btn" to="/accounts">
            Go to accounts
          </Link>
        </div>
      </div>
    </div>
  );
}

export default BankLinkPage;
