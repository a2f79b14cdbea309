import { describe, expect, it } from 'vitest';
import { defaultLanguage, languageCodes } from './languages';
import {
  alternateLinks,
  languageOfPrefix,
  languageSwitchHref,
  localizedPath,
  pageAtPath,
  pageHref,
  pageUrl,
  parseLocalizedPath,
} from './page-urls';
import { sitePages } from './site-pages';

const otherLanguages = languageCodes.filter((lng) => lng !== defaultLanguage);
const [other = 'en'] = otherLanguages;

describe('localizedPath and parseLocalizedPath', () => {
  it('keeps German at the page path and puts every other language under its prefix', () => {
    expect(localizedPath('/about', defaultLanguage)).toBe('/about');
    expect(localizedPath('/', defaultLanguage)).toBe('/');
    expect(localizedPath('/about', other)).toBe(`/${other}/about`);
    expect(localizedPath('/', other)).toBe(`/${other}`);
  });

  it('reads back every page in every language, and nothing else', () => {
    for (const page of sitePages) {
      for (const lng of languageCodes) {
        expect(pageAtPath(localizedPath(page.path, lng))).toEqual({ page, lng });
      }
    }
    for (const path of [
      `/${other}/`,
      `/${other}/about/`,
      `/${defaultLanguage}/about`,
      '/about/',
      '//about',
      '/About',
    ]) {
      expect(pageAtPath(path), path).toBeUndefined();
    }
    expect(parseLocalizedPath(`/${other}/`)).toBeNull();
  });

  it('names the language of a prefix, in any case, German without one', () => {
    expect(languageOfPrefix(`/${other.toUpperCase()}/nowhere`)).toBe(other);
    expect(languageOfPrefix('/nowhere')).toBe(defaultLanguage);
    expect(languageOfPrefix('/')).toBe(defaultLanguage);
  });
});

describe('pageUrl', () => {
  it('is the site address and the page path in its language, without a language parameter', () => {
    expect(pageUrl('https://example.com/', 'about', defaultLanguage)).toBe('https://example.com/about');
    expect(pageUrl('https://example.com', 'about', other)).toBe(`https://example.com/${other}/about`);
    expect(pageUrl('https://example.com', 'home', defaultLanguage)).toBe('https://example.com/');
    expect(pageUrl('https://example.com', 'home', other)).toBe(`https://example.com/${other}`);
  });

  it('keeps variant parameters', () => {
    expect(pageUrl('https://example.com', 'jobs', other, { job: 'job-x' })).toBe(
      `https://example.com/${other}/jobs?job=job-x`,
    );
  });
});

describe('pageHref', () => {
  it('links every page at its canonical address, the German home at the root', () => {
    expect(pageHref('home', defaultLanguage)).toBe('/');
    expect(pageHref('home', other)).toBe(`/${other}`);
  });

  it('adds a variant and a section', () => {
    expect(pageHref('privacy', other, { hash: 'applications' })).toBe(`/${other}/privacy#applications`);
    expect(pageHref('jobs', defaultLanguage, { variant: { job: 'job-x' } })).toBe('/jobs?job=job-x');
  });
});

describe('alternateLinks', () => {
  it('lists every language and x-default, the German address', () => {
    expect(alternateLinks('https://example.com', 'about')).toEqual([
      ...languageCodes.map((lng) => ({
        hreflang: lng,
        href: `https://example.com${localizedPath('/about', lng)}`,
      })),
      { hreflang: 'x-default', href: 'https://example.com/about' },
    ]);
  });
});

describe('languageSwitchHref', () => {
  it('leads to the same page and parameters in the other language, dropping a legacy lng', () => {
    expect(languageSwitchHref('jobs', `?job=job-x&lng=${defaultLanguage}`, other)).toBe(`/${other}/jobs?job=job-x`);
    expect(languageSwitchHref('home', '', defaultLanguage)).toBe(`/?lng=${defaultLanguage}`);
  });

  it('leads from the page-not-found screen to the home of the language', () => {
    expect(languageSwitchHref(null, '?x=1', other)).toBe(`/${other}`);
  });
});
