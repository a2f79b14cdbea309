import type { MouseEvent } from 'react';

/**
 * Whether a click on a link is a plain one that the page may handle in place;
 * a click with a modifier (new tab, new window, download) or another button
 * is left to the browser.
 */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}
