/** The app version Coffer reports and compares against (the spec's 23.8.1). */
export const APP_VERSION = '23.8.1';
export const IS_DEV = import.meta.env.DEV;
export const RELEASE_NOTES_URL = 'https://github.com/coffer-budget/coffer/releases';
/** The public list of release tags the update check reads. */
export const RELEASE_TAGS_URL = 'https://api.github.com/repos/coffer-budget/coffer/tags';
/** Served beside the app (packages/web/public); a newer deploy reports its own version. */
export const SERVED_VERSION_URL = '/version.json';
/** A demo build (e.g. a pull request preview) sets this to the pull request's address. */
export const DEMO_PR_URL: string | null = import.meta.env.VITE_COFFER_DEMO_PR_URL || null;
