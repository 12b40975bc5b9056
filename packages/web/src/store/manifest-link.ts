/**
 * The web manifest's link, added once the start's first screen is shown instead of being in
 * index.html (issue 29). With the link in the page, the browser fetched the manifest and then
 * its 192 px icon at ~0.5 and ~0.7 s of a phone's returning start, before the budget showed:
 * the service worker's, the browser process's and the page's CPU on a phone's small share.
 * The browser checks installability again when the link appears, so the app stays installable.
 */
export const MANIFEST_HREF = '/manifest.webmanifest';

/** The parts of `document` this needs (a unit test passes its own). */
export interface ManifestDocument<L extends ManifestLinkElement> {
  readonly head: {
    querySelector(selector: string): unknown;
    append(node: L): void;
  };
  createLink(): L;
}

export interface ManifestLinkElement {
  rel: string;
  href: string;
}

/** Adds the manifest's link to the page's head, once: a second call finds it there. */
export function linkManifest<L extends ManifestLinkElement>(doc: ManifestDocument<L>): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createLink();
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  doc.head.append(link);
}
