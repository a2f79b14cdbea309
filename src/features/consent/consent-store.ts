import { consentServicesAttribute } from '../../../common/page-placeholders';
import { consentDecidedClass } from './consent-boot-script';
import {
  consentStorageKey,
  randomConsentId,
  readConsent,
  storedConsent,
  undecidedState,
  type ConsentState,
  type CookiePreferences,
  type StoredConsent,
} from './consent-preferences';
import { recordConsent } from './record-consent';

export interface ConsentSnapshot extends ConsentState {
  settingsOpen: boolean;
  /** False while prerendering and hydrating, when the stored choice is not known yet. */
  loaded: boolean;
}

export interface ConsentStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ConsentSnapshot;
  getServerSnapshot(): ConsentSnapshot;
  /** Applies and stores a choice, and closes the settings (docs/product.md#cookie-consent: every change does). */
  choose(preferences: CookiePreferences): void;
  openSettings(): void;
  closeSettings(): void;
}

export interface ConsentEnvironment {
  storage(): Storage | null;
  now(): Date;
  /** The element that carries the `consent-decided` class (<html>), and lists the optional services in use. */
  root(): HTMLElement | null;
  randomId(): string;
  /** Sends the record of a stored choice to the server. */
  record(stored: StoredConsent): void;
}

const browserEnvironment: ConsentEnvironment = {
  storage: () => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  },
  now: () => new Date(),
  root: () => document.documentElement,
  randomId: () => randomConsentId(),
  record: recordConsent,
};

/** What the prerendered page shows, and so what hydration must render first: no choice yet. */
const serverSnapshot: ConsentSnapshot = Object.freeze({ ...undecidedState, settingsOpen: false, loaded: false });

/**
 * The consent state of one page view: read from local storage on first use,
 * written on every choice, and followed across tabs (a choice made in another
 * tab applies here too).
 */
export function createConsentStore(environment: ConsentEnvironment = browserEnvironment): ConsentStore {
  let snapshot: ConsentSnapshot | null = null;
  const listeners = new Set<() => void>();

  const markRoot = (decided: boolean) => environment.root()?.classList.toggle(consentDecidedClass, decided);
  const services = () => (environment.root()?.getAttribute(consentServicesAttribute) ?? '').split(' ').filter(Boolean);

  const load = (): ConsentState => {
    let raw: string | null = null;
    try {
      raw = environment.storage()?.getItem(consentStorageKey) ?? null;
    } catch {
      // Storage disabled: no choice can be remembered, so the banner asks on every page.
    }
    const state = readConsent(raw, environment.now(), services());
    markRoot(state.decided);
    return state;
  };

  const set = (next: ConsentSnapshot) => {
    snapshot = next;
    listeners.forEach((listener) => listener());
  };

  const current = (): ConsentSnapshot => (snapshot ??= { ...load(), settingsOpen: false, loaded: true });

  const onStorage = (event: StorageEvent) => {
    if (event.key !== consentStorageKey && event.key !== null) return;
    set({ ...load(), settingsOpen: current().settingsOpen, loaded: true });
  };

  return {
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    getSnapshot: current,
    getServerSnapshot: () => serverSnapshot,
    choose(preferences) {
      const stored = storedConsent(preferences, environment.now(), environment.randomId(), services());
      try {
        environment.storage()?.setItem(consentStorageKey, JSON.stringify(stored));
      } catch {
        // Storage full or disabled: the choice still applies to this page view.
      }
      markRoot(true);
      const { necessary, analytics, marketing } = stored;
      set({
        preferences: { necessary, preferences: stored.preferences, analytics, marketing },
        decided: true,
        id: stored.id,
        settingsOpen: false,
        loaded: true,
      });
      environment.record(stored);
    },
    openSettings() {
      if (!current().settingsOpen) set({ ...current(), settingsOpen: true });
    },
    closeSettings() {
      if (current().settingsOpen) set({ ...current(), settingsOpen: false });
    },
  };
}
