import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A menu that works before and without JavaScript as a native <details>
 * disclosure, and becomes a scripted menu button once its island has hydrated.
 * Hydration renders the <details> the page was prerendered with; the render
 * after it swaps in the button, carrying over whether the disclosure was open
 * and had the focus, so a visitor who was already using it loses nothing.
 */
export function useUpgradedDisclosure({
  onUpgrade,
}: {
  /** Called once the button is there (right after the swap, or at once when rendered afresh), with what the disclosure was doing. */
  onUpgrade: (state: { open: boolean; focused: boolean }) => void;
}): { upgraded: boolean; detailsRef: RefObject<HTMLDetailsElement | null> } {
  const upgraded = useHydrated();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const carried = useRef<{ open: boolean; focused: boolean } | null>(null);
  const latest = useRef(onUpgrade);
  useLayoutEffect(() => {
    latest.current = onUpgrade;
  });

  useLayoutEffect(() => {
    if (!upgraded) {
      const details = detailsRef.current;
      carried.current = details ? { open: details.open, focused: details.contains(document.activeElement) } : null;
      return;
    }
    // Rendered afresh in the browser (no prerendered disclosure): it was neither open nor focused.
    const state = carried.current ?? { open: false, focused: false };
    carried.current = null;
    latest.current(state);
  }, [upgraded]);

  return { upgraded, detailsRef };
}
