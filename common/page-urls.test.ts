import { describe, expect, it } from 'vitest';
import { alternateLinks, pageUrl } from './page-urls';

describe('pageUrl', () => {
  it('has no language parameter for German and ?lng= otherwise', () => {
    expect(pageUrl('https://example.com/', '/about', 'de')).toBe('https://example.com/about');
    expect(pageUrl('https://example.com', '/about', 'fr')).toBe('https://example.com/about?lng=fr');
  });

  it('keeps variant parameters before the language', () => {
    expect(pageUrl('https://example.com', '/jobs', 'en', { job: 'job-001' })).toBe(
      'https://example.com/jobs?job=job-001&lng=en',
    );
  });
});

describe('alternateLinks', () => {
  it('lists de, en, fr and x-default (German)', () => {
    expect(alternateLinks('https://example.com', '/')).toEqual([
      { hreflang: 'de', href: 'https://example.com/' },
      { hreflang: 'en', href: 'https://example.com/?lng=en' },
      { hreflang: 'fr', href: 'https://example.com/?lng=fr' },
      { hreflang: 'x-default', href: 'https://example.com/' },
    ]);
  });
});
