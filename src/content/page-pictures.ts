import type { PageId } from '../../common/site-pages';
import type { Picture } from '../components/picture';
import { pageHeaders } from 'virtual:content-pictures';

/**
 * The picture beside a page's title, by page: `pageHeaders` in src/content/pictures.json (the
 * editor's "Bilder"). Its alt text is `pageHeader.<page>` in the `pictures` namespace of every
 * language. It is also the page's share picture; a page without one shares a card with its title
 * (docs/pictures.md).
 */
export const pagePictures: Readonly<Partial<Record<PageId, Picture>>> &
  Readonly<Record<keyof typeof pageHeaders, Picture>> = Object.fromEntries(
  Object.entries(pageHeaders).map(([page, { image }]) => [page, image]),
) as Record<keyof typeof pageHeaders, Picture>;

export type PictureOfPage = keyof typeof pageHeaders;
