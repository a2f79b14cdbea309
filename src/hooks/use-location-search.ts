import { useSyncExternalStore } from 'react';

/**
 * The address's query string, followed as it changes in place: the browser's
 * back and forward buttons, and `navigateInPlace` (the job board opens a job
 * without loading a page). `serverSearch` is what the prerendered page was
 * rendered for, so hydration meets the same markup.
 */
const navigateEvent = 'westbridge:navigate';

export function subscribeToLocation(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(navigateEvent, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(navigateEvent, listener);
  };
}

export function useLocationSearch(serverSearch: string): string {
  return useSyncExternalStore(
    subscribeToLocation,
    () => window.location.search,
    () => serverSearch,
  );
}

/** Changes the address without loading a page, and tells every `useLocationSearch`. */
export function navigateInPlace(
  url: string,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
): void {
  if (replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  window.dispatchEvent(new Event(navigateEvent));
}
