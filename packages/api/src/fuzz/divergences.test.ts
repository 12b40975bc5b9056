import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIVERGENCES, VERSIONS, stopTags } from './divergences.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The tags in the README's table (first column). */
const tableTags = [...readme.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);

describe('the documented divergences', () => {
  it('are the README table, tag for tag', () => {
    expect(tableTags.length).toBeGreaterThan(5);
    expect([...tableTags].sort()).toEqual(Object.keys(DIVERGENCES).sort());
  });

  it('each stop at least one version, and only the versions the test runs', () => {
    for (const [tag, d] of Object.entries(DIVERGENCES)) {
      expect(d.versions.length, tag).toBeGreaterThan(0);
      for (const v of d.versions) expect(VERSIONS, tag).toContain(v);
    }
    expect(stopTags('6.9')).toContain('parent-update');
    expect(stopTags('26')).not.toContain('parent-update');
  });
});
