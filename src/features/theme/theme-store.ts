import { useSyncExternalStore } from 'react';
import { themeStorageKey } from '../../../common/storage-keys.ts';

export type Theme = 'light' | 'dark';

/** docs/contract.md#storage-keys: the theme lives in local storage under `theme`; default light. */
export { themeStorageKey };

const listeners = new Set<() => void>();

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Storage can be disabled; the theme still applies to this page view.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme set on <html>; light while prerendering and hydrating. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
