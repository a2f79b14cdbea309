import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../../common/languages';
import { jobTexts } from '../content/jobs/jobs';

const localesDir = path.resolve(import.meta.dirname, '../content/locales');

export interface LocaleText {
  /** The same in every language: `home.json intro.title`, `jobs job-003.title`. */
  key: string;
  /** File and key, e.g. `fr/home.json hero.title` or `jobs-fr.ts job-001.title`. */
  where: string;
  text: string;
}

function textsIn(value: unknown, file: string, where: string, key = ''): LocaleText[] {
  if (typeof value === 'string') return [{ key: `${file} ${key}`, where: `${where} ${key}`, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsIn(item, file, where, `${key}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, child]) => textsIn(child, file, where, key ? `${key}.${name}` : name));
  }
  return [];
}

/** Every text of a language: all its locale files (the mails' included) and its job listings. */
export function localeTexts(lng: Language): LocaleText[] {
  const files = readdirSync(path.join(localesDir, lng)).filter((file) => file.endsWith('.json'));
  return [
    ...files.flatMap((file) =>
      textsIn(JSON.parse(readFileSync(path.join(localesDir, lng, file), 'utf8')), file, `${lng}/${file}`),
    ),
    ...textsIn(jobTexts[lng], 'jobs', `jobs-${lng}.ts`),
  ];
}
