import { describe, expect, it } from 'vitest';
import { naturalHeight, placePopover } from './Popover.tsx';

const box = (scrollHeight: number, clientHeight = scrollHeight) => ({ scrollHeight, clientHeight });

describe('naturalHeight', () => {
  it('is the popup’s own height when nothing inside scrolls', () => {
    expect(naturalHeight({ ...box(120), children: [box(20), box(100)] })).toBe(120);
  });

  it('adds what a list scrolling inside the popup hides', () => {
    // A 250 px popup: a 30 px refusal and a list showing 220 of its 900 px.
    const popup = { ...box(250), children: [box(30), box(900, 220)] };
    expect(naturalHeight(popup)).toBe(930);
  });

  it('lets a popup squeezed below its field flip above it when the list is longer', () => {
    // Placed below with 150 px of room, the popup shows 150 px: its own scroll height says
    // no more is wanted; the list's hidden part says 250 px are, which fit only above.
    const squeezed = { ...box(150), children: [box(700, 150)] };
    const anchor = { top: 600, bottom: 630, left: 10, width: 200 };
    const viewport = { width: 390, height: 790 };
    const place = placePopover(
      anchor,
      viewport,
      { width: 200, height: naturalHeight(squeezed) },
      250,
    );
    expect(place.above).toBe(true);
    expect(place.top).toBe(600 - 2 - 250);
    // Measured by its own scroll height alone it would have stayed squeezed below.
    expect(placePopover(anchor, viewport, { width: 200, height: 150 }, 250).above).toBe(false);
  });
});
