/** The app version Coffer reports and compares against (the spec's 23.8.1). */
export const APP_VERSION = '23.8.1';
export const IS_DEV = import.meta.env.DEV;
export const RELEASE_NOTES_URL = 'https://github.com/coffer-budget/coffer/releases';
