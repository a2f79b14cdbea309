import { escapeHtml } from '../../common/escape-html';
import { findLanguage, languages, type Language } from '../../common/languages';

/** The picture a page is shared with (LinkedIn, X, messengers): a 1200 × 630 JPEG the build makes. */
export interface SharePicture {
  /** Absolute: crawlers take no relative address. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** A built file's absolute address: the site's base address and the file's path under it. */
export function sharePictureUrl(siteUrl: string, src: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${src}`;
}

/** Open Graph's spelling of a language's locale: de_DE. */
export function ogLocale(lng: Language): string {
  return findLanguage(lng).locale.replace('-', '_');
}

/**
 * What a shared link shows besides title and description: the page's locale and the others it
 * exists in, and its share picture with size and description as a large card.
 */
export function sharePreviewTags({ lang, share }: { lang: Language; share?: SharePicture }): string[] {
  return [
    `<meta property="og:locale" content="${ogLocale(lang)}">`,
    ...languages
      .filter((language) => language.code !== lang)
      .map((language) => `<meta property="og:locale:alternate" content="${ogLocale(language.code)}">`),
    ...(share
      ? [
          `<meta property="og:image" content="${escapeHtml(share.url)}">`,
          '<meta property="og:image:type" content="image/jpeg">',
          `<meta property="og:image:width" content="${share.width}">`,
          `<meta property="og:image:height" content="${share.height}">`,
          `<meta property="og:image:alt" content="${escapeHtml(share.alt)}">`,
          '<meta name="twitter:card" content="summary_large_image">',
          // X reads its own name for the picture's description, not og:image:alt.
          `<meta name="twitter:image:alt" content="${escapeHtml(share.alt)}">`,
        ]
      : []),
  ];
}
