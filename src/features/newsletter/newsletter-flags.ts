import { newsletterFlags } from '../../../common/storage-keys.ts';

export { newsletterFlags };

/** One of the pop-up's flags: a key of common/storage-keys.ts, which the registry lists. */
type NewsletterFlag = (typeof newsletterFlags)[keyof typeof newsletterFlags];

/** The class the head script puts on <html> when a flag is set, so the pop-up never flashes. */
export const newsletterDismissedClass = 'newsletter-dismissed';

export function readFlag(key: NewsletterFlag): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function setFlag(key: NewsletterFlag): void {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    // Storage disabled: the pop-up hides for this page view only.
  }
}
