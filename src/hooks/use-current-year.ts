import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * The current year. Prerendered pages carry the build year; the browser then
 * shows its own, without a hydration mismatch.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => new Date().getFullYear(),
  );
}
