/**
 * The editor's preview: the page being edited, rendered by the site's own components with its own
 * stylesheet, in the language of the left-hand pane, from the texts as they stand in the editor.
 * Overlays (cookie banner, newsletter pop-up) stay away; the rest is the markup the build renders.
 * A switch above the page shows it light or dark (the class `dark`, as the site sets it).
 */
import i18next, { type Resource, type ResourceKey } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, languageCodes, type Language } from '../../common/languages';
import { sitePages, type SitePageId } from '../../common/site-pages';
import type { LoadedIslands } from '../app/islands';
import { pageComponent } from '../app/pages';
import { SitePage } from '../app/site-page';
import { baseI18nOptions } from '../features/i18n/i18n-options';

/** Namespaces that are not a page of their own, and the page that shows them. */
const shownOn: Readonly<Record<string, SitePageId>> = {
  carousel: 'home',
  common: 'home',
  'contact-form': 'contact',
  pictures: 'procurement',
};

/** The page a namespace's texts are previewed on, or null (mails, cookie texts: Decap's own field preview). */
export function previewPageOf(ns: string): SitePageId | null {
  if (sitePages.some((page) => page.id === ns)) return ns as SitePageId;
  return shownOn[ns] ?? null;
}

interface PreviewProps {
  entry: { get(key: 'data'): { toJS(): ResourceKey } | undefined; get(key: 'slug'): string };
  locale?: string;
  document?: Document;
}

function previewI18n(resources: Resource, lng: Language, ns: string, texts: ResourceKey) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...baseI18nOptions(),
    lng,
    resources: { ...resources, [lng]: { ...resources[lng], [ns]: texts } },
    ns: Object.keys(resources[lng] ?? {}),
    initAsync: false,
  });
  return instance;
}

// At the bottom, clear of the site's fixed header.
const toolbar = {
  position: 'fixed',
  bottom: 0,
  right: 0,
  zIndex: 100,
  display: 'flex',
  gap: '8px',
  justifyContent: 'flex-end',
  padding: '6px 12px',
  background: '#1c1917',
  color: '#fff',
  font: '13px system-ui, sans-serif',
} as const;

/** The preview template of a namespace shown on `pageId`. */
export function pagePreview(pageId: SitePageId, resources: Resource, islands: LoadedIslands) {
  const Page = pageComponent(pageId);
  const quiet = () => null;
  // The preview shows the page, not what lies over it on a first visit.
  const modules: LoadedIslands = {
    ...islands,
    'cookie-banner': { default: quiet },
    'cookie-settings': { default: quiet },
    'newsletter-popup': { default: quiet },
  };
  return function PagePreview({ entry, locale, document: frame }: PreviewProps) {
    const lng = isLanguage(locale) ? locale : defaultLanguage;
    const ns = entry.get('slug');
    const texts = entry.get('data')?.toJS() ?? {};
    const key = JSON.stringify(texts);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change as one value: their JSON
    const i18n = useMemo(() => previewI18n(resources, lng, ns, texts), [lng, ns, key]);
    const [dark, setDark] = useState(false);
    useEffect(() => {
      frame?.documentElement.classList.toggle('dark', dark);
      frame?.documentElement.setAttribute('lang', lng);
    }, [dark, frame, lng]);
    const theme = (value: boolean, label: string) => (
      <button
        type="button"
        aria-pressed={dark === value}
        onClick={() => setDark(value)}
        style={{ padding: '2px 10px' }}
      >
        {label}
      </button>
    );
    return (
      <>
        <div role="toolbar" aria-label="Vorschau" style={toolbar}>
          <span>Vorschau ({lng.toUpperCase()})</span>
          {theme(false, 'Hell')}
          {theme(true, 'Dunkel')}
        </div>
        <SitePage i18n={i18n} page={{ pageId, lng, variant: {}, at: Date.now() }} Page={Page} islands={{ modules }} />
      </>
    );
  };
}

/** Every language's published texts, for the namespaces the entry does not hold. */
export function resourcesOf(published: Readonly<Record<Language, Readonly<Record<string, ResourceKey>>>>): Resource {
  return Object.fromEntries(languageCodes.map((lng) => [lng, { ...published[lng] }]));
}
