import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

export interface PopoverPlacement {
  top: number;
  left: number;
  maxHeight: number;
  minWidth: number;
  above: boolean;
}

/**
 * Where a popup goes beside its anchor, in viewport pixels: below it when it fits, above when
 * there is more room there, never past the right edge. Pure, for the test.
 */
export function placePopover(
  anchor: { top: number; bottom: number; left: number; width: number },
  viewport: { width: number; height: number },
  popup: { width: number; height: number },
  maxHeight: number,
): PopoverPlacement {
  const gap = 2;
  const below = viewport.height - anchor.bottom - gap - 8;
  const aboveRoom = anchor.top - gap - 8;
  const wanted = Math.min(popup.height, maxHeight);
  const above = below < wanted && aboveRoom > below;
  const room = Math.max(0, Math.min(maxHeight, above ? aboveRoom : below));
  const height = Math.min(wanted, room);
  const width = Math.max(popup.width, anchor.width);
  const left = Math.max(8, Math.min(anchor.left, viewport.width - width - 8));
  return {
    top: above ? anchor.top - gap - height : anchor.bottom + gap,
    left,
    maxHeight: room,
    minWidth: anchor.width,
    above,
  };
}

/**
 * The height a popup's content wants: its own scroll height, plus what a child that scrolls on
 * its own hides (an autocomplete's list scrolls inside its popup, so the popup's own scroll
 * height is only what shows).
 */
interface Box {
  scrollHeight: number;
  clientHeight: number;
}
export function naturalHeight(el: Box & { children: Iterable<Box> }): number {
  let height = el.scrollHeight;
  for (const child of el.children) height += child.scrollHeight - child.clientHeight;
  return height;
}

interface PopoverProps {
  anchor: RefObject<HTMLElement | null>;
  children: ReactNode;
  /** The spec's dropdowns are at most 250 px high. */
  maxHeight?: number;
  className?: string;
  style?: CSSProperties;
  /** Mouse down inside does not move focus away from the anchor's input. */
  keepFocus?: boolean;
  id?: string;
  role?: string;
  'aria-label'?: string;
}

/**
 * A popup in a portal at fixed position beside its anchor, so a scrolling table or a dialog's
 * overflow never clips it. It follows the anchor on scroll and resize.
 */
export function Popover({
  anchor,
  children,
  maxHeight = 250,
  className,
  style,
  keepFocus,
  ...rest
}: PopoverProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<PopoverPlacement | null>(null);

  useLayoutEffect(() => {
    const update = () => {
      const a = anchor.current?.getBoundingClientRect();
      const el = ref.current;
      if (!a || !el) return;
      const next = placePopover(
        a,
        { width: window.innerWidth, height: window.innerHeight },
        { width: el.scrollWidth, height: naturalHeight(el) },
        maxHeight,
      );
      setPlace((p) =>
        p &&
        p.top === next.top &&
        p.left === next.left &&
        p.maxHeight === next.maxHeight &&
        p.minWidth === next.minWidth
          ? p
          : next,
      );
    };
    update();
    const observer = new ResizeObserver(update);
    if (ref.current) observer.observe(ref.current);
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [anchor, maxHeight]);

  return createPortal(
    <div
      ref={ref}
      className={`popover ${className ?? ''}`}
      style={{
        position: 'fixed',
        top: place?.top ?? -9999,
        left: place?.left ?? -9999,
        maxHeight: place?.maxHeight ?? maxHeight,
        minWidth: place?.minWidth,
        // Not visibility: hidden, which would stop a menu focusing its first item on open.
        opacity: place ? 1 : 0,
        ...style,
      }}
      onMouseDown={keepFocus ? (e) => e.preventDefault() : undefined}
      {...rest}
    >
      {children}
    </div>,
    document.body,
  );
}
