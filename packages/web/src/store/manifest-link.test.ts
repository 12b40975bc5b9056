import { describe, expect, it } from 'vitest';
import {
  MANIFEST_HREF,
  type ManifestDocument,
  type ManifestLinkElement,
  linkManifest,
} from './manifest-link.ts';

/** A head that answers `link[rel="manifest"]` from the links appended to it. */
function documentWithHead() {
  const links: ManifestLinkElement[] = [];
  const doc: ManifestDocument<ManifestLinkElement> = {
    head: {
      querySelector: (selector) =>
        selector === 'link[rel="manifest"]'
          ? (links.find((l) => l.rel === 'manifest') ?? null)
          : null,
      append: (node) => void links.push(node),
    },
    createLink: () => ({ rel: '', href: '' }),
  };
  return { doc, links };
}

describe('the manifest link', () => {
  it('is added to the head with the manifest address', () => {
    const { doc, links } = documentWithHead();
    linkManifest(doc);
    expect(links).toEqual([{ rel: 'manifest', href: MANIFEST_HREF }]);
  });

  it('is added once however often it is asked for', () => {
    const { doc, links } = documentWithHead();
    linkManifest(doc);
    linkManifest(doc);
    expect(links).toHaveLength(1);
  });
});
