/**
 * "Neuigkeiten": the news entries (docs/news.md, docs/decisions/0046-news-entries.md) as a folder
 * collection, one Markdown file per entry and language, src/content/news/<lng>/<id>.md (Decap's
 * `multiple_folders`). The id, the file's name, is made once from the German title. Only the
 * languages an entry is written in get a file: a language whose title is empty is not saved
 * (locale-files.ts), as docs/news.md allows an entry in German alone. Entries are not deleted
 * here: a published address must stay (withdraw with "Zurückgezogen am").
 */
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { maxSlugLength, slugProblem } from '../../common/news';
import prettierOptions from '../../.prettierrc.json' with { type: 'json' };

export const newsFolder = 'src/content/news';
/** A news entry's file: its language and id. */
export const newsFilePattern = /^src\/content\/news\/([a-z]{2})\/([a-z0-9-]+)\.md$/;

/** The limits of the front matter as the build checks them (scripts/news/entries.ts). */
export const newsLimits = { title: 100, summary: 160, alt: 250, credit: 120, author: 100 } as const;

const dateField = (name: string, label: string, hint: string, required: boolean) => ({
  name,
  label,
  widget: 'datetime',
  i18n: 'duplicate',
  required,
  hint,
  // As the build reads it: on Berlin's clock, without an offset (common/news.ts berlinInstant).
  format: 'YYYY-MM-DD[T]HH:mm',
  date_format: 'DD.MM.YYYY',
  time_format: 'HH:mm',
  picker_utc: false,
});

export function newsCollection(maxPictureBytes: number): object {
  return {
    name: 'news',
    label: 'Neuigkeiten',
    label_singular: 'Meldung',
    description:
      'Meldungen für /news, in jeder Sprache, in der sie geschrieben sind. Eine Meldung mit Datum in der Zukunft erscheint von selbst zu ihrem Zeitpunkt. Eine veröffentlichte Meldung wird nicht gelöscht, sondern zurückgezogen.',
    folder: newsFolder,
    extension: 'md',
    format: 'yaml-frontmatter',
    create: true,
    delete: false,
    identifier_field: 'title',
    slug: '{{slug}}',
    summary: '{{title}} ({{date}})',
    sortable_fields: ['date', 'title'],
    i18n: { structure: 'multiple_folders', locales: [...languageCodes], default_locale: defaultLanguage },
    editor: { preview: false },
    fields: [
      {
        name: 'title',
        label: 'Überschrift',
        widget: 'string',
        i18n: true,
        hint: `Höchstens ${newsLimits.title} Zeichen. Leer in einer Sprache: die Meldung erscheint in dieser Sprache nicht.`,
      },
      {
        name: 'slug',
        label: 'Adresse',
        widget: 'string',
        i18n: true,
        hint: `Der letzte Teil der Adresse in dieser Sprache, aus der Überschrift: Kleinbuchstaben a–z, Ziffern und einzelne Bindestriche, höchstens ${maxSlugLength} Zeichen (messen-2027-hier-treffen-sie-unser-team). Eine geänderte Adresse leitet die alte weiter.`,
      },
      {
        name: 'summary',
        label: 'Zusammenfassung',
        widget: 'text',
        i18n: true,
        hint: `Höchstens ${newsLimits.summary} Zeichen; steht in der Liste, im Feed und in Suchergebnissen.`,
      },
      dateField('date', 'Datum', 'Ab diesem Zeitpunkt (Berliner Zeit) ist die Meldung zu sehen.', true),
      dateField('updated', 'Aktualisiert am', 'Nur bei einer wesentlichen Korrektur; nicht vor dem Datum.', false),
      {
        name: 'author',
        label: 'Autorin oder Autor',
        widget: 'string',
        i18n: 'duplicate',
        required: false,
        hint: 'Ein Name; leer: das Unternehmen.',
      },
      {
        name: 'picture',
        label: 'Bild',
        widget: 'object',
        i18n: true,
        required: false,
        collapsed: true,
        fields: [
          {
            name: 'file',
            label: 'Datei',
            widget: 'image',
            i18n: 'duplicate',
            required: false,
            media_folder: '/src/content/images',
            public_folder: '',
            choose_url: false,
            media_library: { config: { max_file_size: maxPictureBytes } },
            hint: `JPEG, PNG, WebP oder AVIF, höchstens ${maxPictureBytes / 1_000_000} MB.`,
          },
          { name: 'alt', label: 'Bildbeschreibung', widget: 'string', i18n: true, required: false },
          { name: 'credit', label: 'Bildnachweis', widget: 'string', i18n: 'duplicate', required: false },
        ],
      },
      {
        name: 'sources',
        label: 'Quellen',
        label_singular: 'Quelle',
        widget: 'list',
        i18n: true,
        required: false,
        collapsed: true,
        hint: 'Woher eine Angabe über andere stammt (Messetermine, eine Verordnung).',
        fields: [
          { name: 'title', label: 'Titel', widget: 'string', i18n: true },
          {
            name: 'url',
            label: 'Adresse (https://…)',
            widget: 'string',
            i18n: true,
            pattern: ['^https://', 'Eine Adresse, die mit https:// beginnt.'],
          },
        ],
      },
      dateField(
        'retracted',
        'Zurückgezogen am',
        'Nur um eine Meldung zurückzuziehen: ihre Adresse sagt dann, dass sie zurückgezogen wurde.',
        false,
      ),
      {
        name: 'body',
        label: 'Text',
        widget: 'text',
        i18n: true,
        hint: 'Markdown: **fett**, _kursiv_, Listen mit „- “, Abschnitte mit „## “, Links [Text](/services) oder [Text](https://…). Kein HTML, keine Bilder im Text, keine Firmendaten (auf die Kontaktseite verlinken).',
      },
    ],
  };
}

type Front = Partial<Record<'title' | 'slug' | 'summary' | 'date' | 'body', unknown>> & {
  picture?: { file?: unknown; alt?: unknown; credit?: unknown } | null;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** A language's German name, the editor's language: "Französisch". */
const languageName = (lng: Language) => new Intl.DisplayNames([defaultLanguage], { type: 'language' }).of(lng) ?? lng;

/**
 * What the build would refuse of an entry, in German, before it is saved: by language, only the
 * languages the entry is written in (a title), German always. The rest (links, HTML in the text)
 * the checks on the request name.
 */
export function newsProblems(byLanguage: Partial<Record<Language, Front | undefined>>): string[] {
  const problems: string[] = [];
  for (const lng of languageCodes) {
    const entry = byLanguage[lng] ?? {};
    if (lng !== defaultLanguage && !text(entry.title)) continue;
    const where = `${languageName(lng)}:`;
    if (!text(entry.title)) problems.push(`${where} Die Überschrift fehlt.`);
    if ([...text(entry.title)].length > newsLimits.title)
      problems.push(`${where} Die Überschrift hat mehr als ${newsLimits.title} Zeichen.`);
    if (!text(entry.summary)) problems.push(`${where} Die Zusammenfassung fehlt.`);
    if ([...text(entry.summary)].length > newsLimits.summary)
      problems.push(`${where} Die Zusammenfassung hat mehr als ${newsLimits.summary} Zeichen.`);
    if (slugProblem(text(entry.slug)))
      problems.push(
        `${where} Die Adresse fehlt oder ist keine: nur a–z, 0–9 und einzelne Bindestriche, höchstens ${maxSlugLength} Zeichen.`,
      );
    if (!text(entry.date)) problems.push(`${where} Das Datum fehlt.`);
    if (/<[!/?a-zA-Z]/.test(text(entry.body)))
      problems.push(`${where} HTML ist im Text nicht erlaubt: Schreiben Sie Markdown (siehe Hinweis).`);
    const picture = entry.picture;
    if (picture && text(picture.file) && (!text(picture.alt) || !text(picture.credit)))
      problems.push(`${where} Ein Bild braucht seine Bildbeschreibung und seinen Bildnachweis.`);
    if (picture && text(picture.file) && !/\.(?:jpe?g|png|webp|avif)$/i.test(text(picture.file)))
      problems.push(`${where} Das Bild ist kein Foto: JPEG, PNG, WebP oder AVIF.`);
  }
  return problems;
}

/** The slug a news file's front matter gives it, if it gives one. */
export function slugOfNewsFile(raw: string): string | null {
  const front = /^---\n([\s\S]*?)\n---/.exec(raw)?.[1] ?? '';
  const match = /^slug:\s*(['"]?)([^'"\n]*)\1\s*$/m.exec(front);
  return match?.[2]?.trim() || null;
}

/** Whether a news file's front matter holds a title: a language the entry is written in. */
export const newsFileHasTitle = (raw: string) => /^title:\s*\S/m.test(/^---\n([\s\S]*?)\n---/.exec(raw)?.[1] ?? '');

/** The optional fields of the front matter, which the build refuses empty. */
const optionalFields = ['updated', 'author', 'retracted', 'sources', 'picture'];
const emptyValue = /^(?:""|''|null|\[\]|\{\})?$/;

/**
 * A news file as Decap wrote it, without the optional fields an editor left empty (Decap writes
 * them as `author: ""`, `sources: []`, a picture without a file), which the build would refuse.
 */
export function tidyNewsFile(raw: string): string {
  const match = /^---\n([\s\S]*?)\n---/.exec(raw);
  if (!match) return raw;
  const lines = (match[1] ?? '').split('\n');
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const field = /^([a-z]+):\s*(.*)$/.exec(line);
    if (!field || !optionalFields.includes(field[1] ?? '')) {
      kept.push(line);
      continue;
    }
    const block = [line];
    while (index + 1 < lines.length && /^\s/.test(lines[index + 1] ?? '')) block.push(lines[++index] ?? '');
    const value = (field[2] ?? '').trim();
    const withoutFile = field[1] === 'picture' && !block.some((inner) => /^\s+file:\s*[^\s"']/.test(inner));
    if ((block.length === 1 && emptyValue.test(value)) || withoutFile) continue;
    kept.push(...block);
  }
  return `---\n${kept.join('\n')}\n---${raw.slice(match[0].length)}`;
}

/**
 * A news file as Prettier writes it, so the repository's formatting check takes what the editor
 * saves (Decap's YAML quotes and folds otherwise). Prettier's own code, the version the checks
 * run, loaded only when a news entry is saved: it is in no other chunk of the editor.
 */
export async function prettierNewsFile(raw: string): Promise<string> {
  const [{ format }, markdown, yaml] = await Promise.all([
    import('prettier/standalone'),
    import('prettier/plugins/markdown'),
    import('prettier/plugins/yaml'),
  ]);
  return format(raw, { ...prettierOptions, trailingComma: 'all', parser: 'markdown', plugins: [markdown, yaml] });
}
