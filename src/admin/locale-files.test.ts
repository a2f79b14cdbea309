import { describe, expect, it } from 'vitest';
import { formatJsonFile } from '../../common/json-file';
import {
  mergeTexts,
  orderLike,
  withLocaleFiles,
  type BackendImplementation,
  type DataFile,
  type PersistOptions,
  type UnpublishedEntry,
} from './locale-files';

/**
 * A Git host in memory, answering as Decap's backends do: published files on the main branch, and
 * a branch per entry in the editorial workflow (`cms/<collection>/<slug>`), whose diffs name the
 * files it changed by their blob id.
 */
class MemoryBackend implements BackendImplementation {
  static main = new Map<string, string>();
  static branches = new Map<string, Map<string, string>>();
  static saves: { files: string[]; options: PersistOptions }[] = [];

  async getEntry(path: string) {
    const data = MemoryBackend.main.get(path);
    if (data === undefined) throw new Error(`no ${path}`);
    return { data, file: { path, id: null } };
  }
  async entriesByFiles(files: { path: string }[]) {
    return Promise.all(files.map((file) => this.getEntry(file.path)));
  }
  async persistEntry(entry: { dataFiles: DataFile[] }, options: PersistOptions) {
    MemoryBackend.saves.push({ files: entry.dataFiles.map((file) => file.path), options });
    const slug = entry.dataFiles[0]?.slug ?? '';
    const branch = `${options.collectionName}/${slug}`;
    if (options.useWorkflow && !MemoryBackend.branches.has(branch)) MemoryBackend.branches.set(branch, new Map());
    const target = (options.useWorkflow ? MemoryBackend.branches.get(branch) : undefined) ?? MemoryBackend.main;
    for (const file of entry.dataFiles) target.set(file.path, file.raw);
  }
  async unpublishedEntry({ collection, slug }: { collection?: string; slug?: string }): Promise<UnpublishedEntry> {
    const branch = MemoryBackend.branches.get(`${collection}/${slug}`);
    if (!branch) throw new Error('Not Found');
    const diffs = [...branch.keys()].map((path) => ({ path, id: `blob:${path}`, newFile: false }));
    return { slug: slug ?? '', collection: collection ?? '', diffs };
  }
  async unpublishedEntryDataFile(collection: string, slug: string, path: string, id: string) {
    expect(id).toBe(`blob:${path}`);
    return MemoryBackend.branches.get(`${collection}/${slug}`)?.get(path) ?? '';
  }
}

const Backend = withLocaleFiles(MemoryBackend);
const workflow = { useWorkflow: true, collectionName: 'about' };

function publish(files: Record<string, unknown>) {
  MemoryBackend.main = new Map(Object.entries(files).map(([path, value]) => [path, formatJsonFile(value)]));
  MemoryBackend.branches = new Map();
  MemoryBackend.saves = [];
}

const about = {
  de: { title: 'Über uns', intro: 'Wir handeln.', items: ['eins', 'zwei'] },
  en: { title: 'About us', intro: 'We trade.', items: ['one', 'two'] },
  fr: { title: 'À propos', intro: 'Nous négocions.', items: ['un', 'deux'] },
};
const publishAbout = () =>
  publish(
    Object.fromEntries(Object.entries(about).map(([lng, texts]) => [`src/content/locales/${lng}/about.json`, texts])),
  );

async function open(backend = new Backend()) {
  const entry = await backend.getEntry('src/content/locales/about.json');
  return { backend, texts: JSON.parse(entry.data) as typeof about };
}

const save = (backend: InstanceType<typeof Backend>, texts: unknown) =>
  backend.persistEntry(
    { dataFiles: [{ path: 'src/content/locales/about.json', slug: 'about', raw: JSON.stringify(texts) }], assets: [] },
    workflow,
  );

const onBranch = (lng: string) =>
  JSON.parse(
    MemoryBackend.branches.get('about/about')?.get(`src/content/locales/${lng}/about.json`) ?? 'null',
  ) as unknown;

describe('a namespace is one entry made of its three language files', () => {
  it('reads the three files into {de, en, fr}, for a listing too', async () => {
    publishAbout();
    const { backend, texts } = await open();
    expect(texts).toEqual(about);
    const [listed] = await backend.entriesByFiles([{ path: 'src/content/locales/about.json', label: 'Über uns' }]);
    expect(listed?.file).toEqual({ path: 'src/content/locales/about.json', label: 'Über uns' });
  });

  it('saves only the languages that changed, in the file’s key order, as Prettier writes JSON', async () => {
    publishAbout();
    const { backend, texts } = await open();
    // Decap hands back its own key order (an Immutable Map's): the file's order is restored.
    await save(backend, { ...texts, en: { items: texts.en.items, intro: 'We trade fairly.', title: 'About us' } });
    expect(MemoryBackend.saves).toEqual([{ files: ['src/content/locales/en/about.json'], options: workflow }]);
    const raw = MemoryBackend.branches.get('about/about')?.get('src/content/locales/en/about.json');
    expect(raw).toBe(formatJsonFile({ ...about.en, intro: 'We trade fairly.' }));
  });

  it('fixes French typography as it saves', async () => {
    publishAbout();
    const { backend, texts } = await open();
    await save(backend, { ...texts, fr: { ...texts.fr, intro: "L'équipe : c'est tout !" } });
    expect(onBranch('fr')).toEqual({ ...about.fr, intro: 'L’équipe\u00a0: c’est tout\u202f!' });
  });

  it('maps the branch’s changed files onto the entry, reading the others where they are published', async () => {
    publishAbout();
    const { backend, texts } = await open();
    await save(backend, { ...texts, de: { ...texts.de, intro: 'Wir handeln fair.' } });
    const unpublished = await backend.unpublishedEntry({ collection: 'about', slug: 'about' });
    expect(unpublished.diffs).toEqual([
      {
        path: 'src/content/locales/about.json',
        id: JSON.stringify({ de: 'blob:src/content/locales/de/about.json' }),
        newFile: false,
      },
    ]);
    const [diff = { path: '', id: '' }] = unpublished.diffs;
    const data = await new Backend().unpublishedEntryDataFile('about', 'about', diff.path, diff.id);
    expect(JSON.parse(data)).toEqual({ ...about, de: { ...about.de, intro: 'Wir handeln fair.' } });
  });

  it('keeps both of two editors’ saves when they changed different texts', async () => {
    publishAbout();
    const first = await open();
    const second = await open();
    await save(first.backend, { ...first.texts, de: { ...first.texts.de, intro: 'Erste.' } });
    await save(second.backend, { ...second.texts, de: { ...second.texts.de, title: 'Zweite' } });
    expect(onBranch('de')).toEqual({ ...about.de, intro: 'Erste.', title: 'Zweite' });
  });

  it('refuses the second of two saves of the same text, naming it, and writes nothing', async () => {
    publishAbout();
    const first = await open();
    const second = await open();
    await save(first.backend, { ...first.texts, fr: { ...first.texts.fr, intro: 'Première.' } });
    const saves = MemoryBackend.saves.length;
    await expect(
      save(second.backend, { ...second.texts, fr: { ...second.texts.fr, intro: 'Seconde.' } }),
    ).rejects.toThrow(
      /Jemand anderes hat inzwischen dieselben Texte geändert und gespeichert: intro \(Französisch\)\. Ihre Eingaben bleiben/,
    );
    expect(MemoryBackend.saves.length).toBe(saves);
    expect(onBranch('fr')).toEqual({ ...about.fr, intro: 'Première.' });
  });

  it('lets one editor save twice without meeting their own first save', async () => {
    publishAbout();
    const { backend, texts } = await open();
    await save(backend, { ...texts, en: { ...texts.en, intro: 'One.' } });
    await save(backend, { ...texts, en: { ...texts.en, intro: 'Two.' } });
    expect(onBranch('en')).toEqual({ ...about.en, intro: 'Two.' });
  });

  it('writes other JSON files in their own key order, as Prettier does, and passes the rest through', async () => {
    publish({ 'common/company.json': { name: 'W', phone: '1', city: 'B' } });
    const backend = new Backend();
    expect((await backend.getEntry('common/company.json')).data).toBe(
      formatJsonFile({ name: 'W', phone: '1', city: 'B' }),
    );
    await backend.persistEntry(
      {
        dataFiles: [
          { path: 'common/company.json', slug: 'company', raw: '{"city":"B","phone":"2","name":"W"}' },
          { path: 'src/content/news/de/x.md', slug: 'x', raw: '---\ntitle: x\n---\n' },
        ],
        assets: [],
      },
      { useWorkflow: false },
    );
    expect(MemoryBackend.main.get('common/company.json')).toBe(formatJsonFile({ name: 'W', phone: '2', city: 'B' }));
    expect(MemoryBackend.main.get('src/content/news/de/x.md')).toBe('---\ntitle: x\n---\n');
  });
});

describe('news entries (src/content/news/<lng>/<id>.md)', () => {
  it('saves the languages an entry is written in, without empty optional fields, and records its slugs', async () => {
    publish({ 'src/content/news/slugs.json': { de: { 'alt-1': 'alt' } } });
    const file = (slug: string, title: string) =>
      `---\ntitle: ${title}\nslug: ${slug}\nsummary: S\ndate: 2026-12-30T09:00\nauthor: ""\nsources: []\npicture:\n  file: ""\n  alt: ""\n  credit: ""\n---\nText\n`;
    await new Backend().persistEntry(
      {
        dataFiles: [
          { path: 'src/content/news/de/messe.md', slug: 'messe', raw: file('messe-2027', 'Messe') },
          { path: 'src/content/news/en/messe.md', slug: 'messe', raw: '---\ndate: 2026-12-30T09:00\n---\n' },
          { path: 'src/content/news/fr/messe.md', slug: 'messe', raw: file('salon-2027', 'Salon') },
        ],
        assets: [],
      },
      { useWorkflow: false },
    );
    expect(MemoryBackend.main.get('src/content/news/de/messe.md')).toBe(
      '---\ntitle: Messe\nslug: messe-2027\nsummary: S\ndate: 2026-12-30T09:00\n---\n\nText\n',
    );
    expect(MemoryBackend.main.has('src/content/news/en/messe.md')).toBe(false);
    expect(MemoryBackend.main.get('src/content/news/fr/messe.md')).toContain('slug: salon-2027');
    expect(JSON.parse(MemoryBackend.main.get('src/content/news/slugs.json') ?? '')).toEqual({
      de: { 'alt-1': 'alt', 'messe-2027': 'messe' },
      fr: { 'salon-2027': 'messe' },
    });
  });

  it('writes the file as Prettier does: single quotes, a blank line before the text', async () => {
    const raw = '---\ntitle: "Messen 2027: hier"\nslug: messen-2027\n---\nText\n';
    await new Backend().persistEntry(
      { dataFiles: [{ path: 'src/content/news/de/m.md', slug: 'm', raw }], assets: [] },
      { useWorkflow: false },
    );
    expect(MemoryBackend.main.get('src/content/news/de/m.md')).toBe(
      "---\ntitle: 'Messen 2027: hier'\nslug: messen-2027\n---\n\nText\n",
    );
  });

  it('keeps a picture that has its file', async () => {
    const raw = '---\ntitle: T\npicture:\n  file: stand.jpg\n  alt: Stand\n  credit: W\n---\n';
    await new Backend().persistEntry(
      { dataFiles: [{ path: 'src/content/news/de/p.md', slug: 'p', raw }], assets: [] },
      { useWorkflow: false },
    );
    expect(MemoryBackend.main.get('src/content/news/de/p.md')).toBe(raw);
  });
});

describe('mergeTexts and orderLike', () => {
  it('merges list lengths and items as texts, and names a list both resized differently', () => {
    expect(mergeTexts({ a: ['x'] }, { a: ['x', 'y'] }, { a: ['x'], b: 'z' })).toEqual({
      merged: { a: ['x', 'y'], b: 'z' },
      conflicts: [],
    });
    expect(mergeTexts({ a: ['x'] }, { a: ['x', 'y'] }, { a: [] }).conflicts).toEqual(['a']);
  });

  it('orders keys like the file, new keys last', () => {
    expect(Object.keys(orderLike({ c: '1', a: '2', new: '3' }, { a: '', b: '', c: '' }) as object)).toEqual([
      'a',
      'c',
      'new',
    ]);
  });
});
