import { Fragment, type ReactNode } from 'react';
import type { SitePageId } from '../../common/site-pages';
import { usePageHref } from '../hooks/use-page-href';

/** What marked-up words of a text become, by tag name: `{ mail: mailtoLink(address) }`. */
export type RichTextElements = Readonly<Record<string, (words: string) => ReactNode>>;

/** The language of German law and its institutions, whatever the site's default language is. */
// eslint-disable-next-line no-restricted-syntax -- German law's language, not a language of the site's menu
export const lawLanguage = 'de';

const builtInElements: RichTextElements = {
  strong: (words) => <strong className="font-semibold text-ink">{words}</strong>,
  // German words in an English or French text (a German act's name or abbreviation): read as German (WCAG 3.1.2).
  [lawLanguage]: (words) => <span lang={lawLanguage}>{words}</span>,
  code: (words) => (
    <code className="rounded bg-surface-sunken px-1 py-0.5 font-mono text-[0.9em] break-all text-ink">{words}</code>
  ),
};

const taggedWords = /<([a-z][\w-]*)>(.*?)<\/\1>/gi;

/**
 * A translated text in which a few words are marked up, `<mail>{{company.email}}</mail>`:
 * each tag becomes the element given for it, holding those words, so links and
 * emphasis stay where each language puts them. An unknown tag stays visible as
 * written, so a typo shows up in the page tests instead of silently vanishing.
 */
export function RichText({ text, elements = {} }: { text: string; elements?: RichTextElements }) {
  const parts: ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(taggedWords)) {
    const [whole, name = '', words = ''] = match;
    const render = elements[name] ?? builtInElements[name];
    parts.push(text.slice(rest, match.index));
    parts.push(render ? <Fragment key={match.index}>{render(words)}</Fragment> : whole);
    rest = match.index + whole.length;
  }
  parts.push(text.slice(rest));
  return <>{parts}</>;
}

export const mailtoLink = (address: string) => (words: string) => (
  <a href={`mailto:${address}`} className="text-link break-words">
    {words}
  </a>
);

export const phoneLink = (href: string) => (words: string) => (
  <a href={href} className="text-link whitespace-nowrap">
    {words}
  </a>
);

function PageLinkText({ to, hash, children }: { to: SitePageId; hash?: string; children: string }) {
  const href = usePageHref();
  return (
    <a href={href(to, { hash })} className="text-link">
      {children}
    </a>
  );
}

/** A link to a page of the site (one of its sections with `hash`), in the language of the page shown. */
export const pageLink = (to: SitePageId, hash?: string) => (words: string) => (
  <PageLinkText to={to} hash={hash}>
    {words}
  </PageLinkText>
);

export const externalLink = (href: string) => (words: string) => (
  <a href={href} className="text-link break-words" rel="noopener noreferrer">
    {words}
  </a>
);
