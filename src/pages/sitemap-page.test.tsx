import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../common/languages';
import { localizedPath, pageHref } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { renderWithProviders } from '../test/render';
import SitemapPage from './sitemap-page';

describe('SitemapPage', () => {
  for (const lng of languageCodes) {
    it(`links every page of the site once, in ${lng}, each named`, () => {
      renderWithProviders(<SitemapPage />, { lng, path: localizedPath('/sitemap', lng) });
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

  it('nests the service pages under Services and the jobs and application process under Careers', () => {
    renderWithProviders(<SitemapPage />, { lng: 'en', path: '/en/sitemap' });
    const childrenOf = (name: string) =>
      [...(document.querySelector(`a[href="${name}"]`)?.parentElement?.querySelectorAll(':scope ul a') ?? [])].map(
        (link) => link.textContent,
      );
    expect(childrenOf('/en/services')).toEqual(['Procurement', 'Logistics', 'Import and export']);
    expect(childrenOf('/en/careers')).toEqual(['Open positions', 'Application process']);
  });
});
