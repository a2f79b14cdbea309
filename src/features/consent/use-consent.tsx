import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { allPreferences, type ConsentCategory, type CookiePreferences } from './consent-preferences';
import { createConsentStore, type ConsentStore } from './consent-store';

/**
 * The page's one consent state. The banner, the settings dialog, the footer's
 * button and the analytics script are islands of their own (React roots), and
 * they all read and change this store.
 */
const pageConsentStore = createConsentStore();

const ConsentContext = createContext<ConsentStore>(pageConsentStore);

/** A consent state of its own for what is inside, instead of the page's (tests). */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createConsentStore);
  return <ConsentContext value={store}>{children}</ConsentContext>;
}

export interface Consent {
  preferences: CookiePreferences;
  /** A current choice is stored (Reject All counts): the banner is hidden. */
  decided: boolean;
  /** The id the current choice was stored and recorded under. */
  id?: string;
  settingsOpen: boolean;
  /** False while prerendering and hydrating: the stored choice is not known yet. */
  loaded: boolean;
  isGranted(category: ConsentCategory): boolean;
  acceptAll(): void;
  rejectAll(): void;
  /** Applies and stores a choice (Save Preferences, docs/product.md#cookie-consent). */
  save(preferences: CookiePreferences): void;
  openSettings(): void;
  closeSettings(): void;
}

/**
 * The visitor's consent. While prerendering and hydrating it is "no choice yet",
 * like the static page; the stored choice applies right after.
 */
export function useConsent(): Consent {
  const store = useContext(ConsentContext);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      isGranted: (category) => snapshot.preferences[category],
      acceptAll: () => store.choose(allPreferences(true)),
      rejectAll: () => store.choose(allPreferences(false)),
      save: (preferences) => store.choose(preferences),
      openSettings: store.openSettings,
      closeSettings: store.closeSettings,
    }),
    [snapshot, store],
  );
}
