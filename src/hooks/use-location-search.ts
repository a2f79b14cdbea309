import { useSyncExternalStore } from 'react';

/**
 * The address's query string, followed as the browser's back and forward
 * buttons change it. `serverSearch` is what the prerendered page was rendered
 * for, so hydration meets the same markup.
 */
export function subscribeToLocation(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

export function useLocationSearch(serverSearch: string): string {
  return useSyncExternalStore(
    subscribeToLocation,
    () => window.location.search,
    () => serverSearch,
  );
}
