/** Pure rules behind the shell's banners: syncing text, the mobile notice, version checks. */

/** `accountsSyncing` value while every linked account syncs (the core's marker). */
export const ALL_ACCOUNTS = '__all';

/** 'Syncing {account name or accounts}', or null when no bank sync runs. */
export function syncingBannerText(
  syncing: string | null,
  accounts: ReadonlyArray<{ id: string; name: string }>,
): string | null {
  if (!syncing) return null;
  if (syncing === ALL_ACCOUNTS) return 'Syncing accounts';
  const account = accounts.find((a) => a.id === syncing);
  return `Syncing ${account ? account.name : 'accounts'}`;
}

export const MOBILE_NOTICE_COOKIE = 'coffer-hide-mobile-notice';
/** 'Try it anyway' without the checkbox hides the notice for five minutes. */
export const MOBILE_NOTICE_HIDE_MS = 300_000;

export function mobileNoticeCookie(): string {
  return `${MOBILE_NOTICE_COOKIE}=1; max-age=${MOBILE_NOTICE_HIDE_MS / 1000}; path=/; SameSite=Strict`;
}

/** Whether `document.cookie` still holds the five-minute dismissal. */
export function mobileNoticeSnoozed(cookie: string): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${MOBILE_NOTICE_COOKIE}=`));
}

function parseVersion(version: string): number[] | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** True when `a` is a later x.y.z release than `b`; anything unparsable is never newer. */
export function isNewerVersion(a: string, b: string): boolean {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return false;
  for (let i = 0; i < 3; i++) {
    if (pa[i] !== pb[i]) return pa[i]! > pb[i]!;
  }
  return false;
}

/** The highest x.y.z release among a repository's tags (`[{name: 'v23.9.0'}, ...]`). */
export function latestReleaseFromTags(tags: unknown): string | null {
  if (!Array.isArray(tags)) return null;
  let best: string | null = null;
  for (const tag of tags) {
    const name = (tag as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || !parseVersion(name)) continue;
    const version = name.replace(/^v/, '');
    if (!best || isNewerVersion(version, best)) best = version;
  }
  return best;
}
