import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageCodes } from '../../common/languages';
import { siteUrlPlaceholder } from '../../common/page-placeholders';
import type { PageManifest, PageManifestEntry } from '../documents/page-manifest';
import { PageStore } from '../documents/page-store';
import { renderSitemap } from './seo-routes';
import { siteFilesPublishedNow, writeSiteFiles, type SiteFileSettings } from './site-files';

/**
 * The news section's timed pages as the build leaves them (docs/decisions/0046-news-entries.md):
 * a home page and a list as they are until an entry's date and from it on, the entry from its
 * date, a feed, a withdrawn entry's 410 and a renamed entry's old address.
 */
const date = '2026-12-30T08:00:00.000Z';
const before = new Date('2026-12-30T07:59:00Z');
const after = new Date('2026-12-30T08:14:00Z');
const settings: SiteFileSettings = {
  siteUrl: 'https://www.example.com',
  https: true,
  analytics: null,
  describe: { SITE_URL: 'https://www.example.com' },
};

let dir: string;
const page = (lng: string, title: string, script: string) =>
  `<!doctype html><html lang="${lng}"><head><script>${script}</script><title>${title}</title></head><body><h1>${title}</h1><a href="${siteUrlPlaceholder}/x">x</a></body></html>`;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'news-files-'));
  const pages: PageManifestEntry[] = [];
  const add = (entry: Omit<PageManifestEntry, 'variant' | 'file'>, body: string, name: string) => {
    const file = `${entry.lng}/${name}`;
    mkdirSync(path.dirname(path.join(dir, 'pages', file)), { recursive: true });
    writeFileSync(path.join(dir, 'pages', file), body);
    pages.push({ ...entry, variant: {}, file });
  };
  for (const lng of languageCodes) {
    add({ id: 'not-found', path: null, lng, status: 404 }, page(lng, 'not found', 'a()'), 'not-found.html');
    add({ id: 'unavailable', path: null, lng, status: 503 }, page(lng, 'unavailable', 'a()'), 'unavailable.html');
  }
  add({ id: 'home', path: '/', lng: 'de', status: 200, until: date }, page('de', 'home before', 'a()'), 'home.html');
  add({ id: 'home', path: '/', lng: 'de', status: 200, from: date }, page('de', 'home after', 'b()'), 'home.2.html');
  add(
    { id: 'news', path: '/news', lng: 'en', status: 200, until: date, lastmod: '2026-01-01T00:00:00.000Z' },
    page('en', 'list before', 'a()'),
    'news.html',
  );
  add(
    { id: 'news', path: '/news', lng: 'en', status: 200, from: date, lastmod: date },
    page('en', 'list after', 'a()'),
    'news.2.html',
  );
  add(
    {
      id: 'news',
      path: '/news/dated',
      lng: 'en',
      status: 200,
      from: date,
      lastmod: date,
      alternates: [
        { hreflang: 'en', path: '/en/news/dated' },
        { hreflang: 'x-default', path: '/en/news/dated' },
      ],
    },
    page('en', 'dated', 'a()'),
    'news/dated.html',
  );
  add(
    { id: 'news', path: '/news/feed.xml', lng: 'en', status: 200, type: 'atom' },
    `<feed>${siteUrlPlaceholder}</feed>`,
    'news/feed.atom',
  );
  add({ id: 'news', path: '/news/gone', lng: 'en', status: 410 }, page('en', 'gone', 'a()'), 'news/gone.html');
  const manifest: PageManifest = {
    generatedAt: '2026-12-01T00:00:00.000Z',
    pages,
    redirects: [{ from: '/en/news/old', to: '/en/news/dated' }],
  };
  writeFileSync(path.join(dir, 'pages/manifest.json'), JSON.stringify(manifest));
  mkdirSync(path.join(dir, 'client'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = (now: Date) => PageStore.load(path.join(dir, 'pages'), { siteUrl: settings.siteUrl }, () => now);
const title = (html: Buffer | undefined) => /<h1>(.*?)<\/h1>/.exec(String(html))?.[1];

describe('the news section’s timed pages', () => {
  it('are served by an instance in their window: the later entry not before its date', async () => {
    const early = await load(before);
    expect(early.findNews('en', '/news/dated')).toBeUndefined();
    expect(title(early.find('news', 'en', new URLSearchParams())?.body.identity)).toBe('list before');
    expect(title(early.find('home', 'de', new URLSearchParams())?.body.identity)).toBe('home before');
    const late = await load(after);
    expect(title(late.findNews('en', '/news/dated')?.body.identity)).toBe('dated');
    expect(title(late.find('news', 'en', new URLSearchParams())?.body.identity)).toBe('list after');
    expect(late.findNews('en', '/news/gone')?.entry.status).toBe(410);
  });

  it('are written as files only once due; nginx maps the later address, the redirect and every rendering’s scripts already', async () => {
    const out = path.join(dir, 'site');
    await writeSiteFiles(await load(before), { site: out, client: path.join(dir, 'client') }, settings, before);
    expect(existsSync(path.join(out, 'en/news/dated.html'))).toBe(false);
    expect(title(readFileSync(path.join(out, 'index.html')))).toBe('home before');
    expect(readFileSync(path.join(out, 'en/news/feed.atom'), 'utf8')).toBe('<feed>https://www.example.com</feed>');
    // A withdrawn entry's page is a file nginx sends with 410 at its address, never one it would send with 200.
    expect(existsSync(path.join(out, 'en/news/gone.html'))).toBe(false);
    expect(title(readFileSync(path.join(out, '_site/gone/en/news/gone.html')))).toBe('gone');
    expect(title(brotliDecompressSync(readFileSync(path.join(out, '_site/gone/en/news/gone.html.br'))))).toBe('gone');
    const conf = readFileSync(path.join(out, 'nginx/pages.conf'), 'utf8');
    expect(conf).toContain('"GET /en/news/dated|" /en/news/dated.html;');
    expect(conf).toContain('"GET /en/news/feed.xml|" /en/news/feed.atom;');
    expect(conf).not.toMatch(/"(GET|HEAD) \/en\/news\/gone\|/);
    expect(conf).toContain('"GET /en/news/gone" /_site/gone/en/news/gone.html;');
    expect(conf).toContain('"HEAD /en/news/gone" /_site/gone/en/news/gone.html;');
    expect(conf).toMatch(/"\/_site\/gone\/en\/news\/gone\.html" "default-src 'none'; script-src 'self' 'sha256-/);
    expect(conf).toContain('"/_site/gone/en/news/gone.html" en;');
    expect(conf).toContain('"/en/news/old" "/en/news/dated";');
    const homeCsp = /"\/index\.html" "([^"]*)"/.exec(conf)?.[1] ?? '';
    expect(homeCsp.match(/'sha256-/g)).toHaveLength(2);

    expect(await siteFilesPublishedNow(out, await load(before), before)).toBe(true);
    expect(await siteFilesPublishedNow(out, await load(after), after)).toBe(false);
    await writeSiteFiles(await load(after), { site: out, client: path.join(dir, 'client') }, settings, after);
    expect(title(readFileSync(path.join(out, 'en/news/dated.html')))).toBe('dated');
    expect(title(readFileSync(path.join(out, 'index.html')))).toBe('home after');
    expect(await siteFilesPublishedNow(out, await load(after), after)).toBe(true);
    // A new year is due too: the footer's year.
    expect(await siteFilesPublishedNow(out, await load(after), new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });

  it('are in sitemap.xml while served, with lastmod; an entry in one language without alternates', async () => {
    const early = renderSitemap(settings.siteUrl, await load(before), undefined, before.getTime());
    const late = renderSitemap(settings.siteUrl, await load(after), undefined, after.getTime());
    expect(early).not.toContain('/en/news/dated');
    expect(early).toContain('<lastmod>2026-01-01T00:00:00Z</lastmod>');
    expect(late).toMatch(
      /<url>\n {4}<loc>https:\/\/www\.example\.com\/en\/news\/dated<\/loc>\n {4}<lastmod>2026-12-30T08:00:00Z<\/lastmod>\n {2}<\/url>/,
    );
    expect(late).not.toContain('/en/news/gone');
    expect(late).not.toContain('feed.xml');
  });
});
