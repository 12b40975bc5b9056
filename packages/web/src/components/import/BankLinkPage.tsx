import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import './bank.css';

/**
 * Where a bank sends the browser back after the consent (`/gocardless/link`, `/nordigen/link`)
 * when the app, not the Coffer server, answers that address. The tab that started the link
 * keeps waiting and carries on by itself, so this tab only says how it went and closes itself
 * when the browser lets it. A bank reports a refusal or a cancel with `error` (and `details`).
 */
export function BankLinkPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const details = params.get('details');

  useEffect(() => {
    if (!error) window.close();
  }, [error]);

  return (
    <div className="page bank-link-page">
      <div className="card stack bank-link-card">
        {error ? (
          <>
            <h1>Your bank did not link the account</h1>
            <p role="alert">
              The bank answered: {details || error}. Go back to Coffer and try linking again.
            </p>
          </>
        ) : (
          <>
            <h1>Your bank account is linked</h1>
            <p>
              Go back to the Coffer window you started from: it carries on with choosing which
              accounts to link. This window should close by itself; if it does not, you can close
              it.
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
