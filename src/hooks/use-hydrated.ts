import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while prerendering and during hydration, true afterwards: for markup
 * that depends on what only the browser knows (such as a token in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
