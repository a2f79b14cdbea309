import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { mainNavPages, sitePages } from '../../common/site-pages';
import { renderWithProviders, textsOf } from '../test/render';
import SitemapPage from './sitemap-page';

describe('SitemapPage', () => {
  for (const lng of languageCodes) {
    it(`links every page of the site once, in ${lng}, each named`, () => {
      renderWithProviders(<SitemapPage />, { lng, path: pageHref('sitemap', lng) });
      const links = [...document.querySelectorAll('main a, ul a')];
      expect(links.map((link) => link.getAttribute('href')).sort()).toEqual(
        sitePages
          .filter((page) => page.sitemap)
          .map((page) => pageHref(page.id, lng))
          .sort(),
      );
      for (const link of links) expect(link.textContent?.trim()).not.toBe('');
    });
  }

  it.each(languageCodes)(
    'lists each page of a section below its navigation item, named as the site names it, in %s',
    (lng) => {
      renderWithProviders(<SitemapPage />, { lng, path: pageHref('sitemap', lng) });
      const t = textsOf(lng);
      const linksBelow = (href: string) =>
        [...(document.querySelector(`a[href="${href}"]`)?.parentElement?.querySelectorAll(':scope ul a') ?? [])].map(
          (link) => [link.getAttribute('href'), link.textContent],
        );
      for (const item of mainNavPages) {
        const section = sitePages.filter((page) => page.sitemap && 'section' in page && page.section === item.id);
        expect(linksBelow(pageHref(item.id, lng)), item.id).toEqual(
          section.map((page) => [pageHref(page.id, lng), t(($) => $.pages[page.id])]),
        );
      }
      expect(sitePages.some((page) => 'section' in page)).toBe(true);
    },
  );
});
