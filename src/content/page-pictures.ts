import type { PageId } from '../../common/site-pages';
import type { Picture } from '../components/picture';
import importExport from './images/slide-machinery.svg?picture=header';
import logistics from './images/slide-port.svg?picture=header';
import procurement from './images/slide-harvest.svg?picture=header';

/**
 * The picture beside a page's title, by page: an illustration, or a photograph named the same
 * way ('./images/team.jpg?picture=header'). Its alt text is `pageHeader.<page>` in the `pictures`
 * namespace of every language. It is also the page's share picture; a page without one shares a
 * card with its title (docs/pictures.md).
 */
export const pagePictures = {
  procurement,
  logistics,
  'import-export': importExport,
} as const satisfies Partial<Record<PageId, Picture>>;

export type PictureOfPage = keyof typeof pagePictures;
