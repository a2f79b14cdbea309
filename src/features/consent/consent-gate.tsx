import { useEffect, useRef, type ReactNode } from 'react';
import type { ConsentCategory } from './consent-preferences';
import { clearCookies } from './consent-cookies';
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
  /** Names of the cookies the script sets: they are deleted whenever the category is not granted. */
  cookies?: readonly RegExp[];
}

/**
 * Adds a third-party script to the page once `category` is granted, never
 * before (not in the prerendered page either). Withdrawing the category removes
 * the element and deletes the script's cookies; because code that may already
 * have run cannot be unloaded, the page then reloads once, so none of it keeps
 * going. While the category is not granted, the cookies stay deleted (an
 * expired or outdated choice leaves none behind).
 */
export function ConsentScript({ category, src, attributes = {}, cookies = [] }: ConsentScriptProps) {
  const { loaded, isGranted } = useConsent();
  const granted = isGranted(category);
  const added = useRef(false);
  const latest = useRef({ attributes, cookies });
  useEffect(() => {
    latest.current = { attributes, cookies };
  });

  useEffect(() => {
    if (!loaded) return;
    if (!granted) {
      clearCookies(latest.current.cookies);
      if (added.current) reloadPage();
      return;
    }
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
