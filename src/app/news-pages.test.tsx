import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../common/languages';
import { berlinInstant, newsEntryPath, newsListPath, type NewsView } from '../../common/news';
import type { NewsEntry } from '../content/news';
import { LanguageMenu } from '../features/i18n/language-menu';
import { atomEntryId } from '../features/news/news-feed';
import { renderWithProviders, textsOf } from '../test/render';
import NewsPage from '../pages/news-page';
import HomePage from '../pages/home-page';
import { describeNews, newsLanguageHrefs, newsPagesAt } from './news-pages';
import { prerenderPage } from './entry-prerender';

// Fixture entries in place of the site's (never the shipped ones): the build's module, replaced.
const fixture = vi.hoisted(() => ({ entries: [] as NewsEntry[], redirects: [] }));
vi.mock('virtual:news', () => fixture);

const day = (text: string) => (berlinInstant(text) as Date).toISOString();

function entry(id: string, lng: Language, fields: Partial<NewsEntry> = {}): NewsEntry {
  return {
    id,
    lng,
    file: `src/content/news/${lng}/${id}.md`,
    slug: `${id}-${lng}`,
    title: `Fixture ${id} in ${lng}`,
    summary: `Summary of ${id}.`,
    date: day('2026-01-10'),
    updated: null,
    author: null,
    picture: null,
    sources: [],
    retracted: null,
    html: `<p>Text of ${id}.</p><h2>A section</h2>`,
    ...fields,
  };
}

/** `count` English entries, one a day from 1 January 2026, the newest last in the list given. */
const englishEntries = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    entry(`entry-${index + 1}`, 'en', { date: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString() }),
  );

const useEntries = (entries: NewsEntry[]) => fixture.entries.splice(0, fixture.entries.length, ...entries);
const now = Date.parse('2026-11-28T12:00:00Z');

beforeEach(() => useEntries([]));

const renderNews = (lng: Language, news: NewsView, at = now) =>
  renderWithProviders(<NewsPage />, { lng, path: `/${lng}/news`, news, at });

describe('the news list', () => {
  it.each([
    [0, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [200, 20],
  ])('with %i entries has %i pages of at most 10, newest first, each linking the others', (count, pages) => {
    useEntries(englishEntries(count));
    const lists = newsPagesAt(now).filter((plan) => plan.kind === 'list' && plan.lng === 'en');
    expect(lists.map((plan) => plan.path)).toEqual(
      Array.from({ length: pages }, (_, index) => newsListPath(index + 1)),
    );
    const t = textsOf('en');
    for (const page of [1, pages]) {
      const { unmount } = renderNews('en', { kind: 'list', page });
      const titles = screen.queryAllByRole('article').map((article) => within(article).getByRole('link').textContent);
      const newest = count - (page - 1) * 10;
      const shown = Math.min(10, count - (page - 1) * 10);
      expect(titles).toEqual(Array.from({ length: shown }, (_, index) => `Fixture entry-${newest - index} in en`));
      if (count === 0) expect(screen.getByText(t(($) => $.empty, { ns: 'news' }))).toBeInTheDocument();
      const pagination = screen.queryByRole('navigation', { name: t(($) => $.pagination.label, { ns: 'news' }) });
      if (pages === 1) expect(pagination).toBeNull();
      else {
        const numbers = within(pagination as HTMLElement).getAllByRole('link', { name: /^Page \d+$/ });
        expect(numbers.map((link) => link.getAttribute('href'))).toEqual(lists.map((plan) => `/en${plan.path}`));
        expect(within(pagination as HTMLElement).getByRole('link', { current: 'page' })).toHaveTextContent(
          String(page),
        );
        const older = within(pagination as HTMLElement).queryByRole('link', {
          name: t(($) => $.pagination.older, { ns: 'news' }),
        });
        expect(older?.getAttribute('href') ?? null).toBe(page < pages ? `/en/news/page/${page + 1}` : null);
      }
      // The feed is linked from every list page.
      expect(screen.getByRole('link', { name: t(($) => $.feed, { ns: 'news' }) })).toHaveAttribute(
        'href',
        '/en/news/feed.xml',
      );
      unmount();
    }
  });

  it('shows in each language only that language’s entries', () => {
    useEntries([entry('both', 'de'), entry('both', 'en'), entry('german', 'de')]);
    renderNews('en', { kind: 'list', page: 1 });
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});

describe('an entry in German only', () => {
  beforeEach(() => useEntries([entry('german-only', 'de'), entry('everywhere', 'de'), entry('everywhere', 'en')]));

  it('has a German page only, with hreflang to itself alone', () => {
    const entries = newsPagesAt(now).filter((plan) => plan.kind === 'entry');
    expect(entries.filter((plan) => plan.view?.kind === 'entry' && plan.view.id === 'german-only')).toEqual([
      expect.objectContaining({
        lng: 'de',
        path: newsEntryPath('german-only-de'),
        alternates: [
          { hreflang: 'de', path: '/news/german-only-de' },
          { hreflang: 'x-default', path: '/news/german-only-de' },
        ],
      }),
    ]);
    const head = describeNews({ kind: 'entry', id: 'german-only' }, 'de', now, textsOf('de'));
    expect(head?.alternates?.map((link) => link.hreflang)).toEqual(['de', 'x-default']);
  });

  it('leads the language menu to the other languages’ lists, and a translated entry to its translation', async () => {
    expect(newsLanguageHrefs({ kind: 'entry', id: 'german-only' }, now)).toEqual({
      de: '/news/german-only-de',
      en: '/en/news',
      fr: '/fr/news',
    });
    const hrefs = newsLanguageHrefs({ kind: 'entry', id: 'everywhere' }, now);
    expect(hrefs).toEqual({ de: '/news/everywhere-de', en: '/en/news/everywhere-en', fr: '/fr/news' });
    renderWithProviders(<LanguageMenu pageId="news" search="" hrefs={hrefs} />, {
      lng: 'de',
      path: '/news/everywhere-de',
    });
    const links = document.querySelectorAll('a[hreflang]');
    expect([...links].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])).toEqual(
      Object.entries(hrefs),
    );
  });
});

describe('an entry’s page', () => {
  it('carries NewsArticle JSON-LD with every property search engines read, its picture as og:image', async () => {
    useEntries([
      entry('dated', 'en', { date: day('2026-03-02T09:00'), updated: day('2026-03-05'), author: 'Erika Beispiel' }),
    ]);
    const rendered = await prerenderPage({
      lng: 'en',
      pageId: 'news',
      news: { kind: 'entry', id: 'dated' },
      at: now,
      makeSharePicture: () => Promise.resolve({ src: '/assets/card-dated.jpg', width: 1200, height: 630 }),
    });
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(rendered.head)?.[1] ?? '{}';
    const article = JSON.parse(json) as Record<string, unknown>;
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Fixture dated in en',
      datePublished: '2026-03-02T08:00:00.000Z',
      dateModified: '2026-03-04T23:00:00.000Z',
      author: { '@type': 'Person', name: 'Erika Beispiel' },
      publisher: { '@type': 'Organization', logo: { '@type': 'ImageObject' } },
      image: ['__SITE_URL__/assets/card-dated.jpg'],
      inLanguage: 'en',
    });
    expect(rendered.head).toContain('<meta property="og:image" content="__SITE_URL__/assets/card-dated.jpg">');
    expect(rendered.head).toContain('<link rel="canonical" href="__SITE_URL__/en/news/dated-en">');
    expect(rendered.html).toContain('<h1');
    expect(rendered.html).toContain('Text of dated.');
  });

  it('is one the list page links to, whose head names the feed', async () => {
    useEntries([entry('listed', 'fr')]);
    const rendered = await prerenderPage({ lng: 'fr', pageId: 'news', news: { kind: 'list', page: 1 }, at: now });
    expect(rendered.head).toContain('<link rel="alternate" type="application/atom+xml"');
    expect(rendered.head).toContain('href="__SITE_URL__/fr/news/feed.xml"');
    expect(rendered.html).toContain('href="/fr/news/listed-fr"');
  });
});

describe('a dated and a withdrawn entry', () => {
  const later = entry('later', 'en', { date: day('2026-12-30T09:00') });
  const withdrawn = entry('withdrawn', 'en', { retracted: day('2026-06-01') });
  beforeEach(() => useEntries([entry('earlier', 'en'), later, withdrawn]));

  it('shows the dated entry nowhere before its time, and everywhere after it', () => {
    const before = newsPagesAt(Date.parse(later.date) - 1);
    const after = newsPagesAt(Date.parse(later.date));
    const entryPaths = (plans: ReturnType<typeof newsPagesAt>) =>
      plans
        .filter((plan) => plan.kind === 'entry')
        .map((plan) => plan.path)
        .sort();
    expect(entryPaths(before)).toEqual(['/news/earlier-en']);
    expect(entryPaths(after)).toEqual(['/news/earlier-en', '/news/later-en']);
    const key = (plans: ReturnType<typeof newsPagesAt>, kind: string) =>
      plans.find((plan) => plan.kind === kind && plan.lng === 'en')?.key;
    for (const kind of ['home', 'list', 'feed']) expect(key(after, kind)).not.toBe(key(before, kind));
  });

  it('answers 410 for the withdrawn entry, with a page in its language, and lists it nowhere', () => {
    const plans = newsPagesAt(now);
    expect(plans.filter((plan) => plan.path === '/news/withdrawn-en')).toEqual([
      expect.objectContaining({ kind: 'gone', lng: 'en', status: 410 }),
    ]);
    renderNews('en', { kind: 'gone', id: 'withdrawn' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      textsOf('en')(($) => $.gone.title, { ns: 'news' }),
    );
    renderNews('en', { kind: 'list', page: 1 });
    expect(screen.queryByText('Fixture withdrawn in en')).toBeNull();
  });
});

describe('the home page', () => {
  it('shows the three latest entries of its language under its sections', () => {
    useEntries([...englishEntries(5), entry('german', 'de', { date: day('2026-11-01') })]);
    renderWithProviders(<HomePage />, { lng: 'en', path: '/en', at: now });
    const t = textsOf('en');
    const section = screen.getByRole('region', { name: t(($) => $.latest.title, { ns: 'news' }) });
    expect(
      within(section)
        .getAllByRole('article')
        .map((article) => within(article).getByRole('link').textContent),
    ).toEqual(['Fixture entry-5 in en', 'Fixture entry-4 in en', 'Fixture entry-3 in en']);
    // Below every section the page had before.
    expect(
      document.querySelectorAll('main section, section').item(document.querySelectorAll('section').length - 1),
    ).toBe(section);
  });

  it('shows no news section, and no empty box, when its language has none', () => {
    useEntries([entry('german', 'de')]);
    renderWithProviders(<HomePage />, { lng: 'fr', path: '/fr', at: now });
    expect(screen.queryByRole('region', { name: textsOf('fr')(($) => $.latest.title, { ns: 'news' }) })).toBeNull();
    expect(document.body.textContent).not.toContain('Fixture');
  });
});

describe('the Atom feed', () => {
  it('gives an entry an id of its own that a new slug does not change', () => {
    const first = entry('kept', 'en');
    expect(atomEntryId(first)).toBe(atomEntryId({ ...first, slug: 'renamed' }));
    expect(atomEntryId(first)).not.toBe(atomEntryId({ ...first, lng: 'de' }));
  });
});
