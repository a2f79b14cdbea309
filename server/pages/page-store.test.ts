import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDistFixture, type DistFixture } from '../test/dist-fixture';
import { PageStore } from './page-store';

let dist: DistFixture;
beforeAll(() => {
  dist = createDistFixture();
});
afterAll(() => dist.remove());

const text = (page: { body: { identity: Buffer } } | undefined) => page?.body.identity.toString('utf8') ?? '';

describe('PageStore', () => {
  it('fills in the site address, the analytics script and the year', async () => {
    const pages = await PageStore.load(path.join(dist.dir, 'pages'), { siteUrl: 'https://www.example.com', analyticsScriptUrl: 'https://stats.example.com/script.js' }, () => new Date('2027-05-01T12:00:00Z'));
    const about = text(pages.find('/about', 'en', new URLSearchParams()));
    expect(about).toContain('<link rel="canonical" href="https://www.example.com/about">');
    expect(about).toContain('data-analytics-src="https://stats.example.com/script.js"');
    expect(about).toContain('© 2027 Westbridge');
    expect(about).not.toMatch(/__[A-Z_]+__/);
  });

  it('drops the analytics attribute when no script is set', async () => {
    const pages = await PageStore.load(path.join(dist.dir, 'pages'), { siteUrl: 'https://www.example.com' });
    expect(text(pages.notFound('de'))).not.toContain('data-analytics-src');
  });

  it('writes the new year in when a year ends while it serves, with a new ETag', async () => {
    let now = new Date('2026-12-31T23:59:59Z');
    const pages = await PageStore.load(path.join(dist.dir, 'pages'), { siteUrl: 'https://www.example.com' }, () => now);
    const before = pages.find('/', 'fr', new URLSearchParams());
    expect(text(before)).toContain('© 2026 Westbridge');
    now = new Date('2027-01-01T00:00:01Z');
    const after = pages.find('/', 'fr', new URLSearchParams());
    expect(text(after)).toContain('© 2027 Westbridge');
    expect(after?.etag).not.toBe(before?.etag);
    expect(text(pages.notFound('fr'))).toContain('© 2027 Westbridge');
  });
});
