import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadNews, maxEntryBytes } from './entries';
import { fixtureFile, writeNewsFixture, type FixtureEntry } from './fixtures';

let root: string;
const dir = 'news';
const news = () => path.join(root, dir);
const load = () => loadNews(root, dir);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'news-entries-'));
  await mkdir(path.join(root, 'src/content/images'), { recursive: true });
  await writeFile(path.join(root, 'src/content/images/fair.jpg'), 'a picture');
});
afterEach(async () => rm(root, { recursive: true, force: true }));

/** Loading `entries` fails, naming the file and the problem. */
async function refused(entries: FixtureEntry[], problem: RegExp, file = `${entries[0]?.lng}/${entries[0]?.id}.md`) {
  await writeNewsFixture(news(), entries);
  const error = await load().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toContain(`${dir}/${file}`);
  expect((error as Error).message).toMatch(problem);
}

describe('news entries', () => {
  it('reads an entry in German only and one in three languages, sharing its id', async () => {
    await writeNewsFixture(news(), [
      { id: 'only-german', lng: 'de' },
      ...(['de', 'en', 'fr'] as const).map((lng) => ({ id: 'everywhere', lng })),
    ]);
    const { entries, redirects, unrecorded } = await load();
    expect(entries.map((entry) => `${entry.lng}/${entry.id}`).sort()).toEqual([
      'de/everywhere',
      'de/only-german',
      'en/everywhere',
      'fr/everywhere',
    ]);
    expect(redirects).toEqual([]);
    expect(unrecorded).toHaveLength(4);
    const entry = entries.find((candidate) => candidate.lng === 'en');
    expect(entry).toMatchObject({ slug: 'everywhere-en', author: null, picture: null, retracted: null });
    // Midnight on Berlin's clock, in winter an hour before midnight UTC.
    expect(entry?.date).toBe('2026-01-14T23:00:00.000Z');
    expect(entry?.html).toContain('<h2>A section</h2>');
  });

  it('reads times on Berlin’s clock, summer and winter', async () => {
    await writeNewsFixture(news(), [
      { id: 'summer', lng: 'de', fields: { date: '2026-07-01T09:30', updated: '2026-07-02' } },
      { id: 'winter', lng: 'de', fields: { date: '2026-12-30T09:00' } },
    ]);
    const { entries } = await load();
    expect(entries.map((entry) => [entry.date, entry.updated])).toEqual([
      ['2026-07-01T07:30:00.000Z', '2026-07-01T22:00:00.000Z'],
      ['2026-12-30T08:00:00.000Z', null],
    ]);
  });

  it('takes a picture from the images folder, with its alt text and credit, and the sources', async () => {
    await writeNewsFixture(news(), [
      {
        id: 'pictured',
        lng: 'en',
        fields: {
          picture: { file: 'fair.jpg', alt: 'Our stand', credit: 'Photo: Westbridge' },
          sources: [{ title: 'Regulation (EU) 2023/1115', url: 'https://eur-lex.europa.eu/eli/reg/2023/1115/oj' }],
        },
      },
    ]);
    const [entry] = (await load()).entries;
    expect(entry?.picture).toEqual({
      file: 'src/content/images/fair.jpg',
      alt: 'Our stand',
      credit: 'Photo: Westbridge',
    });
    expect(entry?.sources).toHaveLength(1);
  });

  it('renumbers headings to start at h2 and skip none, and marks external links', async () => {
    await writeNewsFixture(news(), [
      {
        id: 'headings',
        lng: 'de',
        text: '# Top\n\n### Below\n\nSee [our services](/services) and [the regulation](https://eur-lex.europa.eu/).\n',
      },
    ]);
    const [entry] = (await load()).entries;
    expect(entry?.html).toContain('<h2>Top</h2>');
    expect(entry?.html).toContain('<h3>Below</h3>');
    expect(entry?.html).toContain('<a href="/services" class="text-link">');
    expect(entry?.html).toContain('<a href="https://eur-lex.europa.eu/" rel="noopener noreferrer" class="text-link">');
  });

  it('redirects a renamed slug and lists the new one as unrecorded', async () => {
    await writeNewsFixture(news(), [{ id: 'renamed', lng: 'en', fields: { slug: 'new-name' } }], {
      en: { 'old-name': 'renamed' },
    });
    const { redirects, unrecorded } = await load();
    expect(redirects).toEqual([{ lng: 'en', from: 'old-name', to: 'new-name' }]);
    expect(unrecorded).toEqual([{ lng: 'en', slug: 'new-name', id: 'renamed' }]);
  });
});

describe('a bad entry stops the build, naming its file and the problem', () => {
  it('without a title', () => refused([{ id: 'a', lng: 'de', fields: { title: undefined } }], /title/));
  it('without a date', () => refused([{ id: 'a', lng: 'de', fields: { date: undefined } }], /date/));
  it('with a date that is none', () =>
    refused([{ id: 'a', lng: 'de', fields: { date: '2026-02-30' } }], /date is not a date/));
  it('with an update before its date', () =>
    refused([{ id: 'a', lng: 'de', fields: { updated: '2025-01-01' } }], /updated .* is before date/));
  it('with an unknown field', () => refused([{ id: 'a', lng: 'de', fields: { tags: ['x'] } }], /unknown field tags/));
  it('with a slug holding a slash', () =>
    refused([{ id: 'a', lng: 'de', fields: { slug: 'a/b' } }], /may not contain "\/" or "\.\."/));
  it('with a slug holding ..', () =>
    refused([{ id: 'a', lng: 'de', fields: { slug: '..' } }], /may not contain "\/" or "\.\."/));
  it('with a slug of 300 characters', () =>
    refused([{ id: 'a', lng: 'de', fields: { slug: 'a'.repeat(300) } }], /300 characters long, at most 80/));
  it('with a slug the list itself uses', () =>
    refused([{ id: 'a', lng: 'de', fields: { slug: 'page' } }], /address of the news list itself/));
  it('with a slug of capitals and spaces', () =>
    refused([{ id: 'a', lng: 'de', fields: { slug: 'Our News' } }], /only a-z, 0-9/));
  it('with a duplicate slug', () =>
    refused(
      [
        { id: 'a', lng: 'de', fields: { slug: 'same' } },
        { id: 'b', lng: 'de', fields: { slug: 'same' } },
      ],
      /slug "same" is also the slug of .*de\/a\.md/,
      'de/b.md',
    ));
  it('of 1 MB', async () => {
    await mkdir(path.join(news(), 'de'), { recursive: true });
    const entry: FixtureEntry = { id: 'huge', lng: 'de', text: 'word '.repeat(210_000) };
    await writeFile(path.join(news(), 'de/huge.md'), fixtureFile(entry));
    await expect(load()).rejects.toThrow(
      new RegExp(`news/de/huge\\.md: is 10\\d\\d KB, at most ${maxEntryBytes / 1024} KB`),
    );
  });
  it('with a script in its text', () =>
    refused([{ id: 'a', lng: 'de', text: 'Text\n\n<script>alert(1)</script>\n' }], /line 10: raw HTML/));
  it('with inline HTML', () =>
    refused([{ id: 'a', lng: 'de', text: 'Text <img src=x onerror=alert(1)> more\n' }], /raw HTML "<img/));
  it('with a javascript: link', () =>
    refused(
      [{ id: 'a', lng: 'de', text: 'Click [here](javascript:alert(1)).\n' }],
      /"javascript:alert\(1\)" has a scheme/,
    ));
  it('with a data: link', () =>
    refused([{ id: 'a', lng: 'de', text: '[x](data:text/html,hi)\n' }], /has a scheme the site does not link to/));
  it('with an external image', () =>
    refused([{ id: 'a', lng: 'de', text: '![tracker](https://example.com/pixel.gif)\n' }], /picture in the text/));
  it('with a relative link', () => refused([{ id: 'a', lng: 'de', text: '[x](about)\n' }], /is relative/));
  it('with a picture that is missing', () =>
    refused(
      [{ id: 'a', lng: 'de', fields: { picture: { file: 'gone.jpg', alt: 'x', credit: 'y' } } }],
      /picture gone\.jpg is not in src\/content\/images/,
    ));
  it('with a picture without alt text', () =>
    refused([{ id: 'a', lng: 'de', fields: { picture: { file: 'fair.jpg', credit: 'y' } } }], /picture\.alt/));
  it('with a file name that is no id', async () => {
    await writeNewsFixture(news(), [{ id: 'Bad_Name', lng: 'de' }]);
    await expect(load()).rejects.toThrow(/news\/de\/Bad_Name\.md: the file name "Bad_Name"/);
  });
  it('in a folder that is no language', async () => {
    await writeNewsFixture(news(), [{ id: 'a', lng: 'de' }]);
    await mkdir(path.join(news(), 'es'));
    await expect(load()).rejects.toThrow(/news\/es: is no language folder/);
  });
  it('whose published slug disappeared', async () => {
    await writeNewsFixture(news(), [{ id: 'kept', lng: 'en' }], { en: { 'gone-slug': 'gone', 'kept-en': 'kept' } });
    await expect(load()).rejects.toThrow(
      /news\/slugs\.json: en slug "gone-slug" was given to entry gone, which is gone/,
    );
  });
  it('giving an old slug to another entry', async () => {
    await writeNewsFixture(
      news(),
      [
        { id: 'first', lng: 'en', fields: { slug: 'first-renamed' } },
        { id: 'second', lng: 'en', fields: { slug: 'first-slug' } },
      ],
      { en: { 'first-slug': 'first' } },
    );
    await expect(load()).rejects.toThrow(/second\.md: slug "first-slug" was entry first's/);
  });
});
