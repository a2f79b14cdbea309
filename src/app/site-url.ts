import { siteUrlPlaceholder } from '../../common/page-placeholders';

/** The base address the server put into the page (`<html data-site-url>`). */
export function siteUrlFromDocument(): string {
  return document.documentElement.dataset.siteUrl ?? window.location.origin;
}

/**
 * The base address for absolute URLs in rendered markup (such as JSON-LD):
 * the placeholder while prerendering, the address the server filled in
 * afterwards in the browser – so hydration meets the same text.
 */
export function renderedSiteUrl(): string {
  return typeof document === 'undefined' ? siteUrlPlaceholder : siteUrlFromDocument();
}
