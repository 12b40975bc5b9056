import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useResponsive } from '../../../store/responsive.ts';

/** The element in the title bar (shell/Titlebar.tsx) where the open page puts its controls. */
export const TITLEBAR_SLOT_ID = 'titlebar-page-controls';

/**
 * Puts a page's own controls in the title bar beside its title (the budget page: the month
 * count and the budget type switch), while the page is shown. Nothing renders where there is
 * no title bar (narrow screens).
 */
export function TitlebarSlot({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  // The title bar comes and goes with the narrow layout.
  const { isNarrow } = useResponsive();
  useEffect(() => setTarget(document.getElementById(TITLEBAR_SLOT_ID)), [isNarrow]);
  return target ? createPortal(children, target) : null;
}
