import { useCallback, useSyncExternalStore } from 'react';
import { newsletterDismissedClass, newsletterFlags, readFlag, setFlag } from './newsletter-flags';

const listeners = new Set<() => void>();
let closedThisVisit = false;
// The flags decide once, on load: subscribing sets a flag but must not hide the thanks view.
let dismissedOnLoad: boolean | undefined;

function isVisible(): boolean {
  dismissedOnLoad ??= readFlag(newsletterFlags.hidden) || readFlag(newsletterFlags.subscribed);
  return !closedThisVisit && !dismissedOnLoad;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function hide() {
  closedThisVisit = true;
  document.documentElement.classList.add(newsletterDismissedClass);
  listeners.forEach((listener) => listener());
}

/**
 * Whether the pop-up shows (docs/product.md#newsletter): visible by default, hidden on load when
 * either flag is 'true'. Prerendered and hydrated as visible; the head script
 * already hid it with CSS when a flag was set.
 */
export function useNewsletterVisibility() {
  const visible = useSyncExternalStore(subscribe, isVisible, () => true);
  const close = useCallback(() => {
    setFlag(newsletterFlags.hidden);
    hide();
  }, []);
  const markSubscribed = useCallback(() => setFlag(newsletterFlags.subscribed), []);
  return { visible, close, markSubscribed, dismiss: hide };
}
