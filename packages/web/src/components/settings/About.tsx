import { useAppState, useStore } from '../../store/context.ts';
import { announceNewVersion, setUpdateCheck } from '../../store/update-check.ts';
import { APP_VERSION, RELEASE_NOTES_URL } from '../../store/version.ts';
import { Button } from '../kit/ui/Button.tsx';

const browserFetch = (url: string, init?: RequestInit) => window.fetch(url, init);

/** What the release check found, said as it is: never "up to date" without having asked. */
function UpdateStatusLine() {
  const store = useStore();
  const allowed = useAppState((s) => s.globalPrefs.updateCheck === true);
  const status = useAppState((s) => s.updateStatus);
  const latestVersion = useAppState((s) => s.latestVersion);
  const checkNow = (label: string) => (
    <Button variant="link" onClick={() => announceNewVersion(store, browserFetch)}>
      {label}
    </Button>
  );
  let line: React.ReactNode;
  if (!allowed) line = <span className="subdued">Coffer does not check for new versions.</span>;
  else if (status === 'checking')
    line = <span className="subdued">Checking for new versions…</span>;
  else if (status === 'current') line = <span className="subdued">You’re up to date!</span>;
  else if (status === 'newer' && latestVersion) {
    line = (
      <span className="settings-new-version">
        New version available:{' '}
        <a href={RELEASE_NOTES_URL} target="_blank" rel="noopener noreferrer">
          {latestVersion}
        </a>
      </span>
    );
  } else if (status === 'failed') {
    line = (
      <>
        <span className="settings-check-failed">
          Couldn’t check for new versions. Check your connection and try again.
        </span>{' '}
        {checkNow('Check again')}
      </>
    );
  } else {
    line = (
      <>
        <span className="subdued">Not checked yet.</span> {checkNow('Check now')}
      </>
    );
  }
  return (
    <div role="status" aria-label="Update check">
      {line}
    </div>
  );
}

/**
 * Versions of this app and of the server, and the release check: a setting, off until the
 * person turns it on (it is a request to a third party), and what it found when it ran.
 */
export function About() {
  const store = useStore();
  const serverVersion = useAppState((s) => s.serverVersion);
  const allowed = useAppState((s) => s.globalPrefs.updateCheck === true);
  return (
    <section className="card settings-section" aria-label="About">
      <h2>About</h2>
      <div>Client version: v{APP_VERSION}</div>
      <div>Server version: {serverVersion ? `v${serverVersion}` : 'N/A'}</div>
      <UpdateStatusLine />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={allowed}
          onChange={(e) => void setUpdateCheck(store, e.target.checked, browserFetch)}
        />
        Check for new versions
      </label>
      <p className="subdued settings-help">
        When on, Coffer asks GitHub for its list of releases each time it starts. Nothing about you
        or your budget is sent.
      </p>
      <a href={RELEASE_NOTES_URL} target="_blank" rel="noopener noreferrer">
        Release Notes
      </a>
    </section>
  );
}
