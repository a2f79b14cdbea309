/**
 * Fixture entries for the tests (never the shipped ones): written as an editor or the CMS
 * writes them, `<dir>/<lng>/<id>.md`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import type { Language } from '../../common/languages.ts';

export interface FixtureEntry {
  id: string;
  lng: Language;
  /** Front matter fields; `slug`, `title`, `summary` and `date` are filled in unless given (undefined leaves one out). */
  fields?: Record<string, unknown>;
  text?: string;
}

/** A fixture entry's front matter: every required field, readable, unless the test sets or leaves one out. */
export function fixtureFields({ id, lng, fields = {} }: FixtureEntry): Record<string, unknown> {
  const all: Record<string, unknown> = {
    slug: `${id}-${lng}`,
    title: `Fixture ${id} (${lng})`,
    summary: `What fixture entry ${id} says, in ${lng}.`,
    date: '2026-01-15',
    ...fields,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
}

export function fixtureFile(entry: FixtureEntry): string {
  const text = entry.text ?? `A paragraph of fixture entry ${entry.id}.\n\n## A section\n\nMore text.\n`;
  return `---\n${stringify(fixtureFields(entry)).trimEnd()}\n---\n\n${text}`;
}

/** Writes the entries under `dir` (and a slugs.json when given). */
export async function writeNewsFixture(
  dir: string,
  entries: readonly FixtureEntry[],
  slugs?: Partial<Record<Language, Record<string, string>>>,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const entry of entries) {
    const file = path.join(dir, entry.lng, `${entry.id}.md`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, fixtureFile(entry));
  }
  if (slugs) await writeFile(path.join(dir, 'slugs.json'), `${JSON.stringify(slugs, null, 2)}\n`);
}
