import { describe, expect, it } from 'vitest';
import { newsCollection, newsProblems, slugOfNewsFile, tidyNewsFile } from './news-collection';

/** The front matter's fields as docs/news.md lists them, and the text below it. */
const documentedFields = ['slug', 'title', 'summary', 'date', 'updated', 'author', 'picture', 'sources', 'retracted'];

const german = {
  title: 'Messen 2027',
  slug: 'messen-2027',
  summary: 'Wo Sie uns treffen.',
  date: '2026-12-30T09:00',
  body: 'Text.',
};

describe('the news collection ("Neuigkeiten")', () => {
  const collection = newsCollection(25_000_000) as {
    folder: string;
    i18n: { structure: string; locales: string[]; default_locale: string };
    delete: boolean;
    fields: { name: string }[];
  };

  it('edits src/content/news/<lng>/<id>.md in each language, and deletes nothing', () => {
    expect(collection.folder).toBe('src/content/news');
    expect(collection.i18n).toEqual({
      structure: 'multiple_folders',
      locales: ['de', 'en', 'fr'],
      default_locale: 'de',
    });
    expect(collection.delete).toBe(false);
  });

  it('has a field for every field of the front matter, and the text', () => {
    expect(collection.fields.map((field) => field.name).sort()).toEqual([...documentedFields, 'body'].sort());
  });
});

describe('newsProblems: what the build would refuse, said before saving', () => {
  it('lets a German entry alone through, and one with its translation', () => {
    expect(newsProblems({ de: german })).toEqual([]);
    expect(
      newsProblems({ de: german, en: { ...german, title: 'Trade fairs 2027', slug: 'trade-fairs-2027' } }),
    ).toEqual([]);
  });

  it('names what is missing or too long, by language', () => {
    expect(newsProblems({ de: { ...german, title: '' } })).toEqual(['Deutsch: Die Überschrift fehlt.']);
    expect(
      newsProblems({ de: german, fr: { title: 'Salons', summary: 'x'.repeat(161), slug: 'Salons 2027' } }),
    ).toEqual([
      'Französisch: Die Zusammenfassung hat mehr als 160 Zeichen.',
      'Französisch: Die Adresse fehlt oder ist keine: nur a–z, 0–9 und einzelne Bindestriche, höchstens 80 Zeichen.',
      'Französisch: Das Datum fehlt.',
    ]);
  });

  it('refuses HTML in the text, a picture without its credit, and an SVG', () => {
    expect(newsProblems({ de: { ...german, body: '<script>alert(1)</script>' } })).toEqual([
      expect.stringContaining('HTML ist im Text nicht erlaubt'),
    ]);
    expect(newsProblems({ de: { ...german, picture: { file: 'a.jpg', alt: 'A', credit: '' } } })).toEqual([
      expect.stringContaining('Bildnachweis'),
    ]);
    expect(newsProblems({ de: { ...german, picture: { file: 'a.svg', alt: 'A', credit: 'W' } } })).toEqual([
      expect.stringContaining('kein Foto'),
    ]);
  });
});

describe('news files as Decap writes them', () => {
  it('lose the optional fields left empty, and keep the rest as written', () => {
    expect(
      tidyNewsFile('---\ntitle: T\nupdated: ""\nretracted:\nsources: []\npicture: {}\nsources2: x\n---\n\n## A\n'),
    ).toBe('---\ntitle: T\nsources2: x\n---\n\n## A\n');
  });

  it('give their slug, quoted or not', () => {
    expect(slugOfNewsFile("---\ntitle: T\nslug: 'messen-2027'\n---\n")).toBe('messen-2027');
    expect(slugOfNewsFile('---\nslug: messen-2027\n---\n')).toBe('messen-2027');
    expect(slugOfNewsFile('---\ntitle: T\n---\n')).toBeNull();
  });
});
