import { useEffect, useRef, type ReactNode } from 'react';
import type { BrowserEntry } from '../../../common/services';
import type { ConsentCategory } from './consent-preferences';
import { clearBrowserEntries } from './consent-cookies';
import { reloadPage } from './reload-page';
import { useConsent } from './use-consent';

/**
 * Renders `children` (an embed, a widget) only while `category` is granted;
 * `fallback` otherwise, and always in the prerendered page. Withdrawing consent
 * unmounts the children.
 */
export function ConsentGate({
  category,
  children,
  fallback = null,
}: {
  category: ConsentCategory;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useConsent().isGranted(category) ? children : fallback;
}

export interface ConsentScriptProps {
  category: ConsentCategory;
  src: string;
  /** Extra attributes of the <script> element, such as Plausible's `data-domain`. */
  attributes?: Readonly<Record<string, string>>;
  /** What the script keeps in the browser (common/services.ts): deleted whenever the category is not granted. */
  entries?: readonly BrowserEntry[];
  /** Runs right before the script is added, e.g. to queue settings it reads as it starts. */
  beforeLoad?: () => void;
}

/**
 * Adds a third-party script to the page once `category` is granted, never
 * before (not in the prerendered page either). Withdrawing the category removes
 * the element and deletes the script's cookies and storage; because code that may already
 * have run cannot be unloaded, the page then reloads once, so none of it keeps
 * going. While the category is not granted, the cookies stay deleted (an
 * expired or outdated choice leaves none behind).
 */
export function ConsentScript({ category, src, attributes = {}, entries = [], beforeLoad }: ConsentScriptProps) {
  const { loaded, isGranted } = useConsent();
  const granted = isGranted(category);
  const added = useRef(false);
  const latest = useRef({ attributes, entries, beforeLoad });
  useEffect(() => {
    latest.current = { attributes, entries, beforeLoad };
  });

  useEffect(() => {
    if (!loaded) return;
    if (!granted) {
      clearBrowserEntries(latest.current.entries);
      if (added.current) reloadPage();
      return;
    }
    latest.current.beforeLoad?.();
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.consentCategory = category;
    for (const [name, value] of Object.entries(latest.current.attributes)) script.setAttribute(name, value);
    document.head.append(script);
    added.current = true;
    return () => script.remove();
  }, [loaded, granted, category, src]);

  return null;
}
