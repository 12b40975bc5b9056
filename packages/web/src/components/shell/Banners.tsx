import { useLayoutEffect, useRef, useState } from 'react';
import { savePrefs } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { restartIntoNewBuild } from '../../store/service-worker.ts';
import { DEMO_PR_URL, RELEASE_NOTES_URL } from '../../store/version.ts';
import { mobileNoticeCookie, mobileNoticeSnoozed, syncingBannerText } from '../../store/banners.ts';
import { Spinner } from '../kit/ui/Spinner.tsx';
import './banners.css';
import { Button } from '../kit/ui/Button.tsx';

/** Shown by demo builds (pull request previews), with a link to the pull request. */
export function DemoBanner({ prUrl = DEMO_PR_URL }: { prUrl?: string | null }) {
  if (!prUrl) return null;
  return (
    <div className="banner banner-demo" role="note">
      This is a demo build of Coffer.{' '}
      <a href={prUrl} target="_blank" rel="noopener noreferrer">
        Go to the pull request
      </a>
    </div>
  );
}

/** Bank sync in progress: one account by name, or all of them. */
export function SyncingBanner() {
  const text = useAppState((s) => syncingBannerText(s.accountsSyncing, s.accounts));
  if (!text) return null;
  return (
    <div className="banner banner-syncing" role="status">
      <Spinner small label="" /> {text}
    </div>
  );
}

/**
 * This tab runs an older build than the origin now serves. Once the service worker has the new
 * build, its 'A new version is ready' notification says the same and this banner steps aside.
 */
export function UpdateBanner() {
  const store = useStore();
  const version = useAppState((s) => s.appUpdatedTo);
  const ready = useAppState((s) => s.newVersionReady);
  if (!version || ready) return null;
  return (
    <div className="banner banner-update" role="status">
      <span>App updated to {version}</span>
      <span className="banner-actions">
        <Button
          variant="link"
          onClick={() =>
            restartIntoNewBuild(navigator.serviceWorker, () => window.location.reload())
          }
        >
          Restart
        </Button>
        <a href={RELEASE_NOTES_URL} target="_blank" rel="noopener noreferrer">
          Release notes
        </a>
        <Button
          variant="bare"
          className="banner-close"
          aria-label="Close"
          onClick={() => store.set({ appUpdatedTo: null })}
        >
          ✕
        </Button>
      </span>
    </div>
  );
}

/** The CSS variable the notifications read to stack above the notice (notifications.css). */
export const NOTICE_HEIGHT_VAR = '--mobile-notice-height';

/**
 * Narrow screens only. 'Try it anyway' hides it for five minutes (a cookie), or for good (the
 * budget's hideMobileMessage pref) with 'Don't remind me again' ticked.
 */
export function MobileNotice() {
  const hidden = useAppState((s) => Boolean(s.prefs?.hideMobileMessage));
  const [snoozed, setSnoozed] = useState(() => mobileNoticeSnoozed(document.cookie));
  if (hidden || snoozed) return null;
  return <MobileNoticeSheet onDismiss={() => setSnoozed(true)} />;
}

/**
 * A sheet in the page column, above the tab bar: the page above it shrinks and scrolls, so it
 * never covers content. Its height is published for the notifications, which float above it.
 */
function MobileNoticeSheet({ onDismiss }: { onDismiss: () => void }) {
  const store = useStore();
  const [forever, setForever] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(NOTICE_HEIGHT_VAR, `${el.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(NOTICE_HEIGHT_VAR);
    };
  }, []);
  return (
    <div ref={ref} className="mobile-notice" role="dialog" aria-labelledby="mobile-notice-text">
      <p id="mobile-notice-text">Coffer features are limited on small screens.</p>
      <div className="mobile-notice-actions">
        <label className="checkbox">
          <input type="checkbox" checked={forever} onChange={(e) => setForever(e.target.checked)} />
          Don’t remind me again
        </label>
        <Button
          variant="primary"
          onClick={() => {
            if (forever) void savePrefs(store, { hideMobileMessage: true });
            else document.cookie = mobileNoticeCookie();
            onDismiss();
          }}
        >
          Try it anyway
        </Button>
      </div>
    </div>
  );
}
