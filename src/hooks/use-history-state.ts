import { useSyncExternalStore } from 'react';
import { subscribeToLocation } from './use-location-search';

/** The history entry's state (`navigateInPlace`'s `state`); null in the prerendered page. */
export function useHistoryState<State>(): State | null {
  return useSyncExternalStore(
    subscribeToLocation,
    () => window.history.state as State | null,
    () => null,
  );
}
