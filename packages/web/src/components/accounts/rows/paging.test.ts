import { describe, expect, it } from 'vitest';
import { nearEnd, LOAD_MORE_WITHIN } from '../../kit/ui/near-end.ts';
import { OVERSCAN, ROW_HEIGHT } from '../../kit/ui/VirtualTable.tsx';
import { fixedPaging, nearEndWithin, SCREEN_MARGIN, screenPaging } from './paging.ts';

describe('the register’s paging', () => {
  it('reads a screenful and a margin first, then pages of 500', () => {
    const p = screenPaging(800, ROW_HEIGHT);
    expect(p.first).toBe(25 + SCREEN_MARGIN);
    expect(p.next).toBe(500);
    expect(screenPaging(1440, ROW_HEIGHT).first).toBe(45 + SCREEN_MARGIN);
    // A window not laid out yet still reads the margin.
    expect(screenPaging(0, ROW_HEIGHT).first).toBe(SCREEN_MARGIN);
  });

  it('does not ask for the second page while the first fills the table, but does once scrolled', () => {
    for (const height of [600, 800, 1100, 1440]) {
      const p = screenPaging(height, ROW_HEIGHT);
      // The table is at least a few rows shorter than the window (header, toolbar, columns);
      // the virtual table draws OVERSCAN rows beyond the last one in view.
      const inView = Math.floor((height - 6 * ROW_HEIGHT) / ROW_HEIGHT);
      const lastDrawn = inView - 1 + OVERSCAN;
      const within = nearEndWithin(p, p.first);
      expect(nearEnd(lastDrawn, p.first, within)).toBe(false);
      // Scrolled down by a margin's worth of rows: the next page is asked for.
      expect(nearEnd(lastDrawn + SCREEN_MARGIN, p.first, within)).toBe(true);
    }
  });

  it('asks LOAD_MORE_WITHIN ahead once more than the first page is loaded', () => {
    const p = screenPaging(800, ROW_HEIGHT);
    expect(nearEndWithin(p, p.first + p.next)).toBe(LOAD_MORE_WITHIN);
    expect(nearEndWithin(fixedPaging(60), 60)).toBe(LOAD_MORE_WITHIN);
  });
});
