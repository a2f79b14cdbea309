/**
 * Reads the news entries, `src/content/news/<lng>/<id>.md` (docs/decisions/0046-news-entries.md):
 * front matter checked, text rendered (markdown.ts), slugs checked against the committed list
 * of every slug ever given (`slugs.json`). Anything wrong stops the build with the file and
 * the problem: nothing half-right is published.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { isLanguage, languageCodes, type Language } from '../../common/languages.ts';
import { berlinInstant, slugPattern, slugProblem, type NewsDates } from '../../common/news.ts';
import { MarkdownProblem, renderMarkdown } from './markdown.ts';

/** Where the entries are, from the project's root; the pictures they name are in the site's images folder. */
export const newsDir = 'src/content/news';
export const imagesDir = 'src/content/images';
/** The committed list of every slug given: `{ "<lng>": { "<slug>": "<id>" } }`. */
export const slugsFileName = 'slugs.json';
/** Larger files are refused: an entry is a page of text, not a document store. */
export const maxEntryBytes = 100 * 1024;

export class NewsError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

/** One entry in one language, as the build gives it to the pages. */
export interface NewsSource extends NewsDates {
  /** From the project's root, for messages. */
  file: string;
  title: string;
  summary: string;
  /** A person's name; null: the company. */
  author: string | null;
  /** The picture's file from the project's root, its alt text and its credit. */
  picture: { file: string; alt: string; credit: string } | null;
  sources: { title: string; url: string }[];
  /** The text as HTML. */
  html: string;
}

/** An old slug of an entry, answered with a 301 to its slug now. */
export interface NewsRedirect {
  lng: Language;
  from: string;
  to: string;
}

export interface NewsContent {
  entries: NewsSource[];
  redirects: NewsRedirect[];
  /** Slugs of entries that the committed list does not have yet (`npm run news:slugs` adds them). */
  unrecorded: { lng: Language; slug: string; id: string }[];
}

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is empty')
    .max(max, `is longer than ${max} characters`)
    // eslint-disable-next-line no-control-regex -- the characters refused
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'holds a control character');
const dateText = z
  .string({ error: 'is not a date such as 2026-12-30 or 2026-12-30T09:00' })
  .refine((text) => berlinInstant(text) !== null, 'is not a date such as 2026-12-30 or 2026-12-30T09:00');

const frontMatter = z.strictObject({
  slug: z.string({ error: 'is missing' }),
  title: line(100),
  summary: line(160),
  date: dateText,
  updated: dateText.optional(),
  author: line(100).optional(),
  picture: z
    .strictObject({
      file: z.string().regex(/^[a-z0-9][a-z0-9._-]*\.(?:jpe?g|png|webp|avif|svg)$/i, 'is no picture file name'),
      alt: line(250),
      credit: line(120),
    })
    .optional(),
  sources: z
    .array(z.strictObject({ title: line(200), url: z.url({ protocol: /^https$/, error: 'is no https address' }) }))
    .optional(),
  retracted: dateText.optional(),
});

const iso = (text: string) => berlinInstant(text)?.toISOString() ?? '';

/** The front matter and the text of a file, split at its `---` lines. */
function splitFile(text: string): { yaml: string; body: string; bodyLine: number } | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text.replace(/^\uFEFF/, ''));
  if (!match) return null;
  return { yaml: match[1] ?? '', body: text.slice(match[0].length), bodyLine: match[0].split('\n').length };
}

async function readEntry(root: string, lng: Language, file: string): Promise<NewsSource> {
  const relative = path.relative(root, file);
  const fail = (problem: string): never => {
    throw new NewsError(relative, problem);
  };
  const id = path.basename(file, '.md');
  if (!slugPattern.test(id)) fail(`the file name "${id}" is the entry's id: a-z, 0-9 and single hyphens only`);
  const { size } = await stat(file);
  if (size > maxEntryBytes) fail(`is ${Math.round(size / 1024)} KB, at most ${maxEntryBytes / 1024} KB are allowed`);
  const parts = splitFile(await readFile(file, 'utf8'));
  if (!parts) return fail('has no front matter: it starts with a line "---", its fields, and another "---"');
  const document = parseDocument(parts.yaml);
  if (document.errors.length > 0) fail(`front matter: ${document.errors[0]?.message ?? 'not YAML'}`);
  const parsed = frontMatter.safeParse(document.toJS() ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'front matter';
    const message = issue?.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : issue?.message;
    return fail(issue?.code === 'unrecognized_keys' ? `${message}` : `${field} ${message}`);
  }
  const data = parsed.data;
  const badSlug = slugProblem(data.slug);
  if (badSlug) fail(badSlug);
  if (data.updated && iso(data.updated) < iso(data.date))
    fail(`updated (${data.updated}) is before date (${data.date})`);
  let picture: NewsSource['picture'] = null;
  if (data.picture) {
    const pictureFile = path.join(imagesDir, data.picture.file);
    if (!existsSync(path.join(root, pictureFile))) fail(`picture ${data.picture.file} is not in ${imagesDir}/`);
    picture = { ...data.picture, file: pictureFile };
  }
  if (!parts.body.trim()) fail('has no text below its front matter');
  let html = '';
  try {
    html = renderMarkdown(parts.body);
  } catch (error) {
    if (!(error instanceof MarkdownProblem)) throw error;
    fail(error.line === null ? error.message : `line ${parts.bodyLine + error.line - 1}: ${error.message}`);
  }
  return {
    id,
    lng,
    file: relative,
    slug: data.slug,
    title: data.title,
    summary: data.summary,
    date: iso(data.date),
    updated: data.updated ? iso(data.updated) : null,
    author: data.author ?? null,
    picture,
    sources: data.sources ?? [],
    retracted: data.retracted ? iso(data.retracted) : null,
    html,
  };
}

const slugRecord = z.partialRecord(
  z.enum(languageCodes as [Language, ...Language[]]),
  z.record(z.string(), z.string()),
);
export type SlugRecord = z.infer<typeof slugRecord>;

/** The committed list of slugs, empty when there is none yet. */
export async function readSlugRecord(root: string, dir = newsDir): Promise<SlugRecord> {
  const file = path.join(root, dir, slugsFileName);
  if (!existsSync(file)) return {};
  const parsed = slugRecord.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success)
    throw new NewsError(path.join(dir, slugsFileName), 'is not { "<language>": { "<slug>": "<id>" } }');
  return parsed.data;
}

/** Reads and checks every entry under `dir` (from `root`). */
export async function loadNews(root: string, dir = newsDir): Promise<NewsContent> {
  const base = path.join(root, dir);
  const entries: NewsSource[] = [];
  if (existsSync(base)) {
    for (const name of (await readdir(base)).sort()) {
      if (name === slugsFileName || name.startsWith('.')) continue;
      const folder = path.join(base, name);
      if (!isLanguage(name) || !(await stat(folder)).isDirectory()) {
        throw new NewsError(path.join(dir, name), `is no language folder (${languageCodes.join(', ')})`);
      }
      for (const file of (await readdir(folder)).sort()) {
        if (file.startsWith('.')) continue;
        if (!file.endsWith('.md')) throw new NewsError(path.join(dir, name, file), 'is no entry: entries end in .md');
        entries.push(await readEntry(root, name, path.join(folder, file)));
      }
    }
  }
  const bySlug = new Map<string, NewsSource>();
  for (const entry of entries) {
    const key = `${entry.lng} ${entry.slug}`;
    const other = bySlug.get(key);
    if (other) throw new NewsError(entry.file, `slug "${entry.slug}" is also the slug of ${other.file}`);
    bySlug.set(key, entry);
  }
  const recorded = await readSlugRecord(root, dir);
  const redirects: NewsRedirect[] = [];
  const slugsFile = path.join(dir, slugsFileName);
  for (const lng of languageCodes) {
    for (const [slug, id] of Object.entries(recorded[lng] ?? {})) {
      const entry = entries.find((candidate) => candidate.lng === lng && candidate.id === id);
      if (!entry) {
        throw new NewsError(
          slugsFile,
          `${lng} slug "${slug}" was given to entry ${id}, which is gone from ${dir}/${lng}/: keep its file and write "retracted: <date>" into it instead of deleting it`,
        );
      }
      if (entry.slug === slug) continue;
      const holder = bySlug.get(`${lng} ${slug}`);
      if (holder) throw new NewsError(holder.file, `slug "${slug}" was entry ${id}'s and cannot be given to another`);
      redirects.push({ lng, from: slug, to: entry.slug });
    }
  }
  const unrecorded = entries
    .filter((entry) => recorded[entry.lng]?.[entry.slug] !== entry.id)
    .map(({ lng, slug, id }) => ({ lng, slug, id }));
  return { entries, redirects, unrecorded };
}
