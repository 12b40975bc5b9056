import { describe, expect, it } from 'vitest';
import { SORT_INCREMENT, placeBefore } from './sort-order.ts';

const items = (...orders: (number | null)[]) =>
  orders.map((sort_order, i) => ({ id: `i${i}`, sort_order }));

describe('placeBefore', () => {
  it('appends one increment after the last, or at the first increment when empty', () => {
    expect(placeBefore([], null)).toEqual({ updates: [], sortOrder: SORT_INCREMENT });
    expect(placeBefore(items(100, 5000), null)).toEqual({
      updates: [],
      sortOrder: 5000 + SORT_INCREMENT,
    });
    expect(placeBefore(items(100, 5000), 'unknown')).toEqual({
      updates: [],
      sortOrder: 5000 + SORT_INCREMENT,
    });
  });

  it('takes the midpoint between the target and the item before it', () => {
    expect(placeBefore(items(16384, 32768, 49152), 'i1')).toEqual({
      updates: [],
      sortOrder: 24576,
    });
    expect(placeBefore(items(16384, 32768), 'i0')).toEqual({ updates: [], sortOrder: 8192 });
  });

  it('reads a missing sort order as 0', () => {
    expect(placeBefore(items(null, 100), 'i1')).toEqual({ updates: [], sortOrder: 50 });
    expect(placeBefore(items(null), null)).toEqual({ updates: [], sortOrder: SORT_INCREMENT });
  });

  it('renumbers from the target on when the gap is 2 or less, stopping at a big enough gap', () => {
    const list = items(10, 12, 13, 100000);
    const { updates, sortOrder } = placeBefore(list, 'i1');
    expect(updates).toEqual([
      { id: 'i1', sort_order: 12 + SORT_INCREMENT },
      { id: 'i2', sort_order: 12 + 2 * SORT_INCREMENT },
    ]);
    expect(sortOrder).toBe((10 + 12 + SORT_INCREMENT) / 2);
    // The result sits strictly between its new neighbours.
    expect(sortOrder).toBeGreaterThan(10);
    expect(sortOrder).toBeLessThan(12 + SORT_INCREMENT);
  });

  it('renumbers when the first item is at 2 or below', () => {
    const { updates, sortOrder } = placeBefore(items(1.5, 3), 'i0');
    expect(updates).toEqual([
      { id: 'i0', sort_order: 1 + SORT_INCREMENT },
      { id: 'i1', sort_order: 1 + 2 * SORT_INCREMENT },
    ]);
    expect(sortOrder).toBe((1 + SORT_INCREMENT) / 2);
  });

  it('keeps inserting between the same two items until it renumbers, always in order', () => {
    let list = items(SORT_INCREMENT, 2 * SORT_INCREMENT);
    let renumbered = 0;
    for (let n = 0; n < 40; n++) {
      const { updates, sortOrder } = placeBefore(list, list[1]!.id);
      if (updates.length > 0) renumbered++;
      const byId = new Map(updates.map((u) => [u.id, u.sort_order]));
      list = [list[0]!, { id: `new${n}`, sort_order: sortOrder }, ...list.slice(1)].map((it) => ({
        ...it,
        sort_order: byId.get(it.id) ?? it.sort_order,
      }));
      const orders = list.map((it) => it.sort_order!);
      expect([...orders].sort((a, b) => a - b)).toEqual(orders);
      expect(new Set(orders).size).toBe(orders.length);
    }
    expect(renumbered).toBeGreaterThan(0);
  });
});
