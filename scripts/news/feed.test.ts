import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { newsFeedSize } from '../../common/news';
import type { NewsEntry } from '../../src/content/news';
import { atomFeed } from '../../src/features/news/news-feed';

/** RFC 4287's RELAX NG schema (Appendix B), checked with Debian's jing (scripts/ensure-system-deps.mjs). */
const schema = path.join(import.meta.dirname, 'atom.rnc');
const dir = mkdtempSync(path.join(os.tmpdir(), 'news-feed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function validate(xml: string): string {
  const file = path.join(dir, `feed-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const result = spawnSync('jing', ['-c', schema, file], { encoding: 'utf8' });
  if (result.error) throw result.error;
  // jing prints its own warnings about optional Java libraries on stderr; the findings are on stdout.
  return result.status === 0 ? '' : result.stdout;
}

const fixtureEntry = (index: number, fields: Partial<NewsEntry> = {}): NewsEntry => ({
  id: `fixture-${index}`,
  lng: 'de',
  file: `src/content/news/de/fixture-${index}.md`,
  slug: `fixture-${index}`,
  title: `Meldung ${index} – Kakao & Cashew <aus> „Ghana“`,
  summary: `Worum es in Meldung ${index} geht.`,
  date: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  updated: index % 2 ? new Date(Date.UTC(2026, 1, 1 + index)).toISOString() : null,
  author: index % 3 ? null : 'Erika Beispiel',
  picture: null,
  sources: [],
  retracted: null,
  html: `<p>Text mit <a href="/services" class="text-link">Link</a> &amp; <strong>mehr</strong>.</p>`,
  ...fields,
});

const feedOf = (entries: NewsEntry[]) =>
  atomFeed({
    lng: 'de',
    entries,
    siteUrl: 'https://www.westbridge.example',
    at: Date.parse('2026-11-28T12:00:00Z'),
    texts: { title: 'Aktuelles – Westbridge', subtitle: 'Neues von Westbridge' },
  });

describe('the Atom feed', () => {
  it.each([0, 1, 25])('validates against RFC 4287’s schema with %i entries', (count) => {
    const entries = Array.from({ length: count }, (_, index) => fixtureEntry(count - index));
    const xml = feedOf(entries);
    expect(validate(xml)).toBe('');
    const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window;
    const shown = [...document.querySelectorAll('entry')];
    expect(shown).toHaveLength(Math.min(count, newsFeedSize));
    // RFC 4287 §4.1.1 and §4.1.2, which the schema carries as Schematron rules jing does not run.
    expect(document.querySelector('feed > author > name')?.textContent).toBe('Westbridge Trade & Services GmbH');
    for (const item of shown)
      expect(item.querySelector('link[rel="alternate"]')?.getAttribute('href')).toMatch(/^https:/);
    expect(document.querySelector('feed > link[rel="self"]')?.getAttribute('href')).toBe(
      'https://www.westbridge.example/news/feed.xml',
    );
  });

  it('carries each entry’s title, dates, author and text as the page shows them', () => {
    const xml = feedOf([fixtureEntry(3)]);
    const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window;
    const item = document.querySelector('entry');
    expect(item?.querySelector('title')?.textContent).toBe('Meldung 3 – Kakao & Cashew <aus> „Ghana“');
    expect(item?.querySelector('published')?.textContent).toBe('2026-01-04T00:00:00Z');
    expect(item?.querySelector('updated')?.textContent).toBe('2026-02-04T00:00:00Z');
    expect(item?.querySelector('author name')?.textContent).toBe('Erika Beispiel');
    const content = item?.querySelector('content');
    expect(content?.getAttribute('type')).toBe('html');
    expect(content?.getAttribute('xml:base')).toBe('https://www.westbridge.example/');
    expect(content?.textContent).toContain('<a href="/services" class="text-link">Link</a>');
    expect(document.querySelector('feed > updated')?.textContent).toBe('2026-02-04T00:00:00Z');
  });

  it('is refused by the schema where it breaks it (the check checks)', () => {
    expect(validate(feedOf([fixtureEntry(1)]).replace(/<updated>[^<]*<\/updated>/g, ''))).toContain(
      'missing required element "updated"',
    );
  });
});
