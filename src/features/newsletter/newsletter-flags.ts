export { newsletterFlags } from '../../../common/storage-keys.ts';

/** The class the head script puts on <html> when a flag is set, so the pop-up never flashes. */
export const newsletterDismissedClass = 'newsletter-dismissed';

export function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function setFlag(key: string): void {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    // Storage disabled: the pop-up hides for this page view only.
  }
}
