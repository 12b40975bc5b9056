import { useAppState } from '../../app/context.ts';
import { APP_VERSION, RELEASE_NOTES_URL } from '../../app/version.ts';

/**
 * Versions of this app and of the server, and what the update check found: a newer release
 * (linked to its notes) or nothing newer. While the check has not answered (offline, or not run
 * yet) there is nothing newer known, so it reads as up to date.
 */
export function About() {
  const serverVersion = useAppState((s) => s.serverVersion);
  const latestVersion = useAppState((s) => s.latestVersion);
  return (
    <section className="card settings-section" aria-label="About">
      <h2>About</h2>
      <div>Client version: v{APP_VERSION}</div>
      <div>Server version: {serverVersion ? `v${serverVersion}` : 'N/A'}</div>
      {latestVersion ? (
        <div className="settings-new-version">
          New version available:{' '}
          <a href={RELEASE_NOTES_URL} target="_blank" rel="noopener noreferrer">
            {latestVersion}
          </a>
        </div>
      ) : (
        <div className="subdued">You’re up to date!</div>
      )}
      <a href={RELEASE_NOTES_URL} target="_blank" rel="noopener noreferrer">
        Release Notes
      </a>
    </section>
  );
}
