import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../../../common/languages';
import type common from '../../../src/content/locales/de/common.json';
import type consent from '../../../src/content/locales/de/consent.json';
import type formResult from '../../../src/content/locales/de/form-result.json';
import type jobs from '../../../src/content/locales/de/jobs.json';
import { namespaceSource } from '../../../src/content/locales/namespace-source';

/** The namespaces the browser tests read; each language has German's shape (the parity test keeps it so). */
interface Namespaces {
  common: typeof common;
  consent: typeof consent;
  'form-result': typeof formResult;
  jobs: typeof jobs;
}

const root = path.resolve(import.meta.dirname, '../../..');

/** One namespace of a language's texts, from its locale file. */
export function localeTexts<N extends keyof Namespaces>(lng: Language, ns: N): Namespaces[N] {
  return JSON.parse(readFileSync(path.join(root, namespaceSource(lng, ns)), 'utf8')) as Namespaces[N];
}
