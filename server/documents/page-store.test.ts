import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDistFixture, type DistFixture } from '../test/dist-fixture';
import type { PageSettings } from '../../common/page-placeholders';
import { PageStore } from './page-store';

let dist: DistFixture;
beforeAll(() => {
  dist = createDistFixture();
});
afterAll(() => dist.remove());

const text = (page: { body: { identity: Buffer } } | undefined) => page?.body.identity.toString('utf8') ?? '';

describe('PageStore', () => {
  it('fills in the site address, the analytics script and the services in use, and the year', async () => {
    const pages = await PageStore.load(
      path.join(dist.dir, 'pages'),
      {
        siteUrl: 'https://www.example.com',
        analytics: { provider: 'matomo', scriptUrl: 'https://stats.example.com/script.js', integrity: null },
        newsletterProvider: 'brevo',
      },
      () => new Date('2027-05-01T12:00:00Z'),
    );
    const about = text(pages.find('about', 'en', new URLSearchParams()));
    expect(about).toContain('<link rel="canonical" href="https://www.example.com/about">');
    expect(about).toContain(
      '<html lang="en" data-site-url="https://www.example.com" data-analytics-src="https://stats.example.com/script.js" data-analytics-provider="matomo" data-newsletter-provider="brevo" data-newsletter-tracking="anonymous" data-jobs-source="built-in" data-consent-services="matomo">',
    );
    expect(about).toContain('© 2027 Westbridge');
    expect(about).not.toMatch(/__[A-Z_]+__/);
  });

  it('drops the analytics attribute when no script is set, and says no service is in use', async () => {
    const pages = await PageStore.load(path.join(dist.dir, 'pages'), { siteUrl: 'https://www.example.com' });
    expect(text(pages.notFound('de'))).toContain(
      '<html lang="de" data-site-url="https://www.example.com" data-analytics-provider="none" data-newsletter-provider="none" data-newsletter-tracking="off" data-jobs-source="built-in" data-consent-services="">',
    );
  });

  it('keeps only the alternatives the settings choose, without their markers', async () => {
    const kept = async (settings: Omit<PageSettings, 'siteUrl'>) => {
      const pages = await PageStore.load(path.join(dist.dir, 'pages'), {
        siteUrl: 'https://www.example.com',
        ...settings,
      });
      const html = text(pages.find('home', 'fr', new URLSearchParams()));
      expect(html).not.toContain('<!--');
      return [...html.matchAll(/<p>([^<]*)<\/p>/g)].map((match) => match[1]);
    };
    expect(await kept({})).toEqual([
      'analytics-provider: none',
      'newsletter-provider: none',
      'newsletter-tracking: off',
      'jobs-source: built-in',
    ]);
    expect(
      await kept({
        analytics: {
          provider: 'google',
          scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-1',
          integrity: null,
        },
        newsletterProvider: 'mailchimp',
      }),
    ).toEqual([
      'analytics-provider: google',
      'newsletter-provider: mailchimp',
      'newsletter-tracking: individual',
      'jobs-source: built-in',
    ]);
    expect(await kept({ newsletterProvider: 'listmonk', newsletterTracking: 'off', jobsSource: 'personio' })).toEqual([
      'analytics-provider: none',
      'newsletter-provider: listmonk',
      'newsletter-tracking: off',
      'jobs-source: personio',
    ]);
  });

  it('writes the new year in when a year ends while it serves, with a new ETag', async () => {
    let now = new Date('2026-12-31T23:59:59Z');
    const pages = await PageStore.load(path.join(dist.dir, 'pages'), { siteUrl: 'https://www.example.com' }, () => now);
    const before = pages.find('home', 'fr', new URLSearchParams());
    expect(text(before)).toContain('© 2026 Westbridge');
    now = new Date('2027-01-01T00:00:01Z');
    const after = pages.find('home', 'fr', new URLSearchParams());
    expect(text(after)).toContain('© 2027 Westbridge');
    expect(after?.etag).not.toBe(before?.etag);
    expect(text(pages.notFound('fr'))).toContain('© 2027 Westbridge');
  });
});
