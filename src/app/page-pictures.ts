import type { TFunction } from 'i18next';
import type { PageId } from '../../common/site-pages';
import type { HeaderPicture } from '../components/page-header';
import { pagePictures, type PictureOfPage } from '../content/page-pictures';
import { slides } from '../features/carousel/slides';

function hasPicture(pageId: PageId): pageId is PictureOfPage {
  return Object.hasOwn(pagePictures, pageId);
}

/** The picture beside the page's title (content/page-pictures.ts), with its alt text in the page's language. */
export function headerPictureOf(pageId: PageId, t: TFunction): HeaderPicture | null {
  if (!hasPicture(pageId)) return null;
  return { picture: pagePictures[pageId], alt: t(($) => $.pageHeader[pageId], { ns: 'pictures' }) };
}

/** The picture a page is shared with: its header's, on the home page the first slide's; null for the branded card. */
export function sharedPictureOf(pageId: PageId, t: TFunction): HeaderPicture | null {
  const [first] = slides;
  if (pageId === 'home' && first) {
    return { picture: first.image, alt: t(($) => $.slides[first.id].alt, { ns: 'carousel' }) };
  }
  return headerPictureOf(pageId, t);
}
