/**
 * The news section built from fixture entries (never the shipped ones), as a company's build
 * makes it: a copy of the project whose src/content/news holds an entry in three languages with
 * a photograph, one in German only, a renamed one, a withdrawn one, one dated two days ahead and
 * enough English ones for a second page; served by two instances behind deploy/nginx/westbridge.conf.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageCodes, type Language } from '../../common/languages';
import { newsTimeZone } from '../../common/news';
import { writeNewsFixture, type FixtureEntry } from '../../scripts/news/fixtures';
import { photoLikeJpeg } from '../../scripts/pictures/photo-like';
import { pictureCacheDir } from '../../scripts/pictures/picture-cache';
import { buildProject, copyProject } from '../../scripts/pictures/photo-site';
import { securityHeaders } from '../../server/http/security-headers';
import { freePort } from '../../server/test/free-port';
import { request, type Outcome } from './support/http';
import { root, startBacking, startInstance, type Backing, type Instance } from './support/instances';
import { hostName, startNginx, type RunningNginx } from './support/nginx';

const siteUrl = `https://${hostName}`;
/** A time as an entry writes it, on Berlin's clock: 2026-11-30T17:05. */
const berlinText = (time: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: newsTimeZone, dateStyle: 'short', timeStyle: 'short' })
    .format(time)
    .replace(' ', 'T');
const datedAt = Date.now() + 2 * 86_400_000;

const fillers: FixtureEntry[] = Array.from({ length: 9 }, (_, index) => ({
  id: `filler-${index + 1}`,
  lng: 'en',
  fields: { date: `2026-02-${String(index + 10).padStart(2, '0')}` },
}));
const entries: FixtureEntry[] = [
  ...languageCodes.map((lng) => ({
    id: 'everywhere',
    lng,
    fields: {
      date: '2026-03-02T09:00',
      updated: '2026-03-05',
      author: 'Erika Beispiel',
      picture: { file: 'news-photo.jpg', alt: `A photograph (${lng})`, credit: 'Westbridge' },
      sources: [{ title: 'Regulation (EU) 2023/1115', url: 'https://eur-lex.europa.eu/eli/reg/2023/1115/oj' }],
    },
    text: `Text in ${lng} with a link to [the services](${lng === 'de' ? '' : `/${lng}`}/services).\n\n# Heading\n\nMore.\n`,
  })),
  { id: 'german-only', lng: 'de', fields: { date: '2026-01-20' } },
  { id: 'renamed', lng: 'en', fields: { slug: 'renamed-now', date: '2026-01-25' } },
  { id: 'withdrawn', lng: 'en', fields: { date: '2026-01-05', retracted: '2026-02-01' } },
  { id: 'dated', lng: 'en', fields: { date: berlinText(datedAt) } },
  ...fillers,
];
const slugs = { en: { 'renamed-before': 'renamed', 'renamed-now': 'renamed' } };

let site: string;
let backing: Backing;
let nginx: RunningNginx;
const instances: Instance[] = [];

const viaNginx = (address: string, headers: Record<string, string> = {}) =>
  request(`${nginx.site}${address}`, { agent: nginx.tls, headers });
const documentOf = (html: string) => new JSDOM(html).window.document;
/** An answer's body as sent before its content encoding. */
const decoded = (answer: Outcome | undefined) => {
  const raw = answer?.raw ?? Buffer.alloc(0);
  const encoding = answer?.headers['content-encoding'];
  return encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
};
/** The headers an answer carries alike from nginx and from an instance (ETag and Last-Modified are each server's own). */
const sharedHeaders = (answer: Outcome | undefined) =>
  Object.fromEntries(
    [...Object.keys(securityHeaders({ https: true })), 'cache-control', 'content-type', 'content-language', 'vary'].map(
      (name) => [name, answer?.headers[name]],
    ),
  );

beforeAll(async () => {
  site = await copyProject(root, 'news-site-');
  await rm(path.join(site, 'src/content/news'), { recursive: true, force: true });
  await writeNewsFixture(path.join(site, 'src/content/news'), entries, slugs);
  await writeFile(path.join(site, 'src/content/images/news-photo.jpg'), await photoLikeJpeg({ seed: 40 }));
  // The project's own cards and illustrations: the photograph is what is new here.
  const cacheDir = path.join(site, '.tmp/picture-cache');
  if (existsSync(pictureCacheDir(root))) await cp(pictureCacheDir(root), cacheDir, { recursive: true });
  await buildProject(site, { PICTURE_CACHE_DIR: cacheDir, SITE_URL: siteUrl });
  backing = await startBacking();
  const ports: [number, number] = [await freePort(), await freePort()];
  for (const port of ports) {
    instances.push(
      await startInstance({
        databaseUrl: backing.postgres.url,
        smtpUrl: backing.smtp.url,
        trustProxy: '1',
        siteUrl,
        port,
        release: site,
      }),
    );
  }
  nginx = await startNginx({ upstreams: ports, current: site });
}, 900_000);

afterAll(async () => {
  await nginx?.stop();
  await backing?.stop();
  if (site) await rm(site, { recursive: true, force: true });
});

describe('the news section built from fixture entries', () => {
  it('serves the list and every entry in each of its languages, each with its own h1', async () => {
    for (const lng of languageCodes) {
      const prefix = lng === 'de' ? '' : `/${lng}`;
      const list = await viaNginx(`${prefix}/news`);
      expect(list.status, lng).toBe(200);
      const document = documentOf(list.body);
      expect(document.documentElement.lang).toBe(lng);
      const links = [...document.querySelectorAll('main article a')].map((link) => link.getAttribute('href') ?? '');
      expect(links.length, lng).toBeGreaterThan(0);
      for (const link of links) {
        const page = await viaNginx(link);
        expect(page.status, link).toBe(200);
        const h1 = documentOf(page.body).querySelector('h1')?.textContent;
        expect(h1, link).toMatch(/^Fixture /);
      }
    }
  });

  it('pages the English list: 11 entries published make two pages', async () => {
    const first = documentOf((await viaNginx('/en/news')).body);
    const second = documentOf((await viaNginx('/en/news/page/2')).body);
    expect(first.querySelectorAll('main article')).toHaveLength(10);
    expect(second.querySelectorAll('main article')).toHaveLength(1);
    expect((await viaNginx('/en/news/page/3')).status).toBe(404);
  });

  it('gives an entry in German only no English or French page and no hreflang to them; its menu leads to the lists', async () => {
    const page = await viaNginx('/news/german-only-de');
    expect(page.status).toBe(200);
    const document = documentOf(page.body);
    expect(
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => link.getAttribute('hreflang')),
    ).toEqual(['de', 'x-default']);
    const menu = [...document.querySelectorAll('header a[hreflang]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(menu).toEqual([
      ['de', '/news/german-only-de'],
      ['en', '/en/news'],
      ['fr', '/fr/news'],
    ]);
    for (const address of ['/en/news/german-only-de', '/fr/news/german-only-de'])
      expect((await viaNginx(address)).status).toBe(404);
    // A translated entry's menu leads to its translations.
    const translated = documentOf((await viaNginx('/news/everywhere-de')).body);
    expect([...translated.querySelectorAll('header a[hreflang]')].map((link) => link.getAttribute('href'))).toEqual([
      '/news/everywhere-de',
      '/en/news/everywhere-en',
      '/fr/news/everywhere-fr',
    ]);
  });

  it('carries NewsArticle JSON-LD with the photograph, which the page shows with its credit', async () => {
    const document = documentOf((await viaNginx('/en/news/everywhere-en')).body);
    const article = JSON.parse(
      document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
    ) as Record<string, unknown>;
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Fixture everywhere (en)',
      datePublished: '2026-03-02T08:00:00.000Z',
      dateModified: '2026-03-04T23:00:00.000Z',
      author: { '@type': 'Person', name: 'Erika Beispiel' },
      publisher: { '@type': 'Organization', logo: { '@type': 'ImageObject', url: `${siteUrl}/favicon.svg` } },
      inLanguage: 'en',
    });
    const [image] = article.image as string[];
    expect(image).toBe(document.querySelector('meta[property="og:image"]')?.getAttribute('content'));
    expect((await viaNginx(new URL(image ?? '').pathname)).headers['content-type']).toBe('image/jpeg');
    expect(document.querySelector('main picture source[type="image/avif"]')).not.toBeNull();
    expect(document.querySelector('main figcaption')?.textContent).toBe('Image: Westbridge');
    // The text's own "#" heading sits below the page's h1.
    expect([...document.querySelectorAll('main h1')]).toHaveLength(1);
    expect(document.querySelector('.news-text h2')?.textContent).toBe('Heading');
  });

  it('answers 410 for a withdrawn entry, with a page in its language, and lists it nowhere', async () => {
    const gone = await viaNginx('/en/news/withdrawn-en');
    expect(gone.status).toBe(410);
    const document = documentOf(gone.body);
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('h1')?.textContent).toBe('This news item has been withdrawn');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    const feed = await viaNginx('/en/news/feed.xml');
    expect(feed.body).not.toContain('withdrawn');
    expect((await viaNginx('/en/news')).body).not.toContain('withdrawn-en');
  });

  it('lists every published entry in sitemap.xml with its lastmod, and nothing unpublished', async () => {
    const sitemap = (await viaNginx('/sitemap.xml')).body;
    const urls = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? '');
    const entryOf = (address: string) => urls.find((url) => url.includes(`<loc>${siteUrl}${address}</loc>`));
    expect(entryOf('/en/news/everywhere-en')).toContain('<lastmod>2026-03-04T23:00:00Z</lastmod>');
    expect(entryOf('/news/german-only-de')).toContain('<lastmod>2026-01-19T23:00:00Z</lastmod>');
    // One <url> without alternates for an entry in one language; every language's for a translated one.
    expect(entryOf('/news/german-only-de')).not.toContain('<xhtml:link');
    expect(entryOf('/en/news/everywhere-en')?.match(/<xhtml:link /g)).toHaveLength(4);
    expect(entryOf('/en/news')).toContain('<lastmod>2026-03-04T23:00:00Z</lastmod>');
    for (const lng of ['de', 'en', 'fr'] as Language[])
      for (const entry of entries.filter(
        (candidate) => candidate.lng === lng && !['withdrawn', 'dated'].includes(candidate.id),
      )) {
        const slug = String(entry.fields?.slug ?? `${entry.id}-${lng}`);
        expect(entryOf(`${lng === 'de' ? '' : `/${lng}`}/news/${slug}`), slug).toContain('<lastmod>');
      }
    expect(sitemap).not.toContain('withdrawn-en');
    expect(sitemap).not.toContain('dated-en');
  });

  it('serves feeds that validate against RFC 4287’s schema, whose every link answers 200', async () => {
    for (const lng of languageCodes) {
      const prefix = lng === 'de' ? '' : `/${lng}`;
      const feed = await viaNginx(`${prefix}/news/feed.xml`);
      expect(feed.status).toBe(200);
      expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'feed-')), 'feed.xml');
      await writeFile(file, feed.raw);
      const checked = spawnSync('jing', ['-c', path.join(root, 'scripts/news/atom.rnc'), file], { encoding: 'utf8' });
      expect(checked.stdout, lng).toBe('');
      expect(checked.status, lng).toBe(0);
      const links = [...feed.body.matchAll(/<link [^>]*href="([^"]+)"/g)].map((match) => match[1] ?? '');
      expect(links.length).toBeGreaterThan(2);
      for (const link of links) {
        expect(link.startsWith(siteUrl), link).toBe(true);
        expect((await viaNginx(link.slice(siteUrl.length))).status, link).toBe(200);
      }
    }
  });

  it('writes no file for an entry before its date; the timer’s write-site --if-due writes it once the date has come', async () => {
    const file = path.join(nginx.siteDir, 'en/news/dated-en.html');
    expect(existsSync(file)).toBe(false);
    expect((await viaNginx('/en/news/dated-en')).status).toBe(404);
    const writeSite = (...args: string[]) =>
      execFileSync(process.execPath, ['dist/server/write-site.js', ...args], {
        cwd: site,
        env: { PATH: process.env.PATH, SITE_URL: siteUrl },
        encoding: 'utf8',
      });
    expect(writeSite('--if-due')).toContain('nothing to write');
    expect(existsSync(file)).toBe(false);
    // A quarter of an hour after its date: the files are written again, nginx serves them without a reload.
    expect(writeSite('--if-due', '--at', new Date(datedAt + 15 * 60_000).toISOString())).toContain('Wrote');
    expect(existsSync(file)).toBe(true);
    const page = await viaNginx('/en/news/dated-en');
    expect(page.status).toBe(200);
    expect(documentOf(page.body).querySelector('h1')?.textContent).toBe('Fixture dated (en)');
    expect((await viaNginx('/en/news')).body).toContain('/en/news/dated-en');
    expect((await viaNginx('/en/news/feed.xml')).body).toContain('/en/news/dated-en');
    // Back to now, for the tests after this one.
    writeSite();
  });

  it('serves a list, an entry, a feed, an old slug’s 301 and a withdrawn entry’s 410 while no instance runs', async () => {
    const withdrawn = '/en/news/withdrawn-en';
    const encodings = ['', 'gzip', 'gzip, deflate, br, zstd'];
    const fromInstance = await Promise.all(
      encodings.map((encoding) =>
        request(`${instances[0]?.url}${withdrawn}`, { headers: { 'accept-encoding': encoding } }),
      ),
    );
    for (const instance of instances) await instance.terminate();
    // The withdrawn entry's page with its status, bytes and headers as the instance sent them, in each encoding.
    for (const [index, encoding] of encodings.entries()) {
      const [byNginx, byInstance] = [await viaNginx(withdrawn, { 'accept-encoding': encoding }), fromInstance[index]];
      expect(byNginx.status, encoding).toBe(410);
      expect(byInstance?.status, encoding).toBe(410);
      expect(decoded(byNginx).equals(decoded(byInstance)), encoding).toBe(true);
      expect(sharedHeaders(byNginx), encoding).toEqual(sharedHeaders(byInstance));
    }
    expect((await viaNginx(withdrawn, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await viaNginx(`${withdrawn}?utm_source=feed`)).status).toBe(410);
    expect(documentOf(decoded(await viaNginx(withdrawn)).toString()).documentElement.lang).toBe('en');
    expect((await viaNginx('/en/news')).status).toBe(200);
    expect((await viaNginx('/fr/news/everywhere-fr')).status).toBe(200);
    const feed = await viaNginx('/en/news/feed.xml');
    expect([feed.status, feed.headers['content-type']]).toEqual([200, 'application/atom+xml; charset=utf-8']);
    const moved = await viaNginx('/en/news/renamed-before');
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.location ?? '', nginx.site).pathname).toBe('/en/news/renamed-now');
    expect((await viaNginx('/en/news/renamed-now')).status).toBe(200);
  });

  it('stops a build whose entry is bad, naming the file and the problem, and leaves the built site as it was', async () => {
    const bad = path.join(site, 'src/content/news/en/bad.md');
    await writeFile(
      bad,
      (await readFile(path.join(site, 'src/content/news/de/german-only.md'), 'utf8')).replace(
        /\n---\n/,
        '\n---\n\n[Click](javascript:alert(1))\n',
      ),
    );
    const manifest = await readFile(path.join(site, 'dist/pages/manifest.json'), 'utf8');
    const failed = await buildProject(site, {}, [
      'npx',
      'vite',
      'build',
      '--ssr',
      'src/app/entry-prerender.tsx',
      '--outDir',
      '.tmp/prerender-check',
    ]).then(
      () => '',
      (error: unknown) => String(error),
    );
    expect(failed).toContain('src/content/news/en/bad.md');
    expect(failed).toContain('"javascript:alert(1)" has a scheme the site does not link to');
    expect(await readFile(path.join(site, 'dist/pages/manifest.json'), 'utf8')).toBe(manifest);
    await rm(bad);
  });
});
