import { defaultLanguage, type Language } from './languages';
import { brokenRules, fixTypography } from './typography';

/**
 * What a text must keep when someone edits it, and what it may not hold: the checks of the
 * locale files (src/content/locales/text-guards.test.ts) and the editor at /admin/ apply the
 * same rules, the editor before a save reaches the repository. Messages are German, the
 * language of the editor's interface, and say what to do.
 */

/** Search results cut longer titles and descriptions off (Google shows about 60 characters of a title; src/app/page-meta-length.test.ts). */
export const searchLimits = { title: 60, description: 160 } as const;

/** i18next's interpolation, `{{company.email}}`; its nesting, `$t(common:pages.about)`; the components' tags, `<privacy>`. */
const variablePattern = /\{\{\s*([\w.]+)\s*\}\}/g;
const nestingPattern = /\$t\(([\w-]+:[\w.-]+)\)/g;
const tagPattern = /<\/?[a-zA-Z][\w-]*\s*\/?>/g;
/** Anything that a browser would take for markup: a tag with attributes, a comment, an entity-less `<x`. */
const markupPattern = /<[!/?a-zA-Z]/;

export interface TextMarks {
  variables: string[];
  nestings: string[];
  tags: string[];
}

const sorted = (values: Iterable<string>) => [...values].sort();

/** The placeholders, nestings and component tags of a text, each as often as it occurs. */
export function marksOf(text: string): TextMarks {
  return {
    variables: sorted([...text.matchAll(variablePattern)].map((match) => `{{${match[1]}}}`)),
    nestings: sorted([...text.matchAll(nestingPattern)].map((match) => `$t(${match[1]})`)),
    tags: sorted(text.match(tagPattern) ?? []),
  };
}

/** What `a` holds more often than `b`. */
function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const rest = [...b];
  return a.filter((item) => {
    const index = rest.indexOf(item);
    if (index === -1) return true;
    rest.splice(index, 1);
    return false;
  });
}

/** "die französische Fassung": the language's German name as an adjective (the editor speaks German). */
const versionOf = (lng: Language) =>
  `${new Intl.DisplayNames([defaultLanguage], { type: 'language' }).of(lng)?.toLowerCase() ?? lng}e Fassung`;

export interface TextGuard {
  /** The text as published in German: its placeholders, nestings and tags must stay. */
  source: string;
  /**
   * Whether its nestings must stay too (default). The languages need not nest alike: a French
   * title may be written out where the German one nests the page's name.
   */
  keepNestings?: boolean;
  /** A page's title or description: how long it may be once its placeholders are filled in. */
  limit?: { kind: keyof typeof searchLimits; max: number };
}

/**
 * Everything wrong with `text` in language `lng`, given its guard, as messages an editor
 * understands; empty when nothing is. `resolve` fills in placeholders and nestings as the page
 * shows them, for the length of titles and descriptions.
 */
export function textProblems(
  text: string,
  lng: Language,
  guard: TextGuard,
  resolve: (text: string) => string = (value) => value,
): string[] {
  if (text.trim() === '') {
    return lng === defaultLanguage
      ? [
          'Der deutsche Text fehlt. Deutsch ist die Sprache, die die Website zeigt, wenn eine andere fehlt: Er darf nicht leer sein.',
        ]
      : [`Die ${versionOf(lng)} fehlt. Jeder Text braucht alle drei Sprachen, bevor er veröffentlicht werden kann.`];
  }
  const problems: string[] = [];
  const want = marksOf(guard.source);
  const have = marksOf(text);
  for (const variable of missingFrom(want.variables, have.variables)) {
    problems.push(
      `Der Platzhalter ${variable} fehlt. Die Website setzt dort die passende Angabe ein: Lassen Sie ihn genau so stehen.`,
    );
  }
  for (const variable of missingFrom(have.variables, want.variables)) {
    problems.push(
      `${variable} gehört nicht in diesen Text${want.variables.length ? ` (erlaubt: ${[...new Set(want.variables)].join(', ')})` : ''}. Prüfen Sie die Schreibweise oder entfernen Sie ihn.`,
    );
  }
  const keepNestings = guard.keepNestings ?? true;
  for (const nesting of keepNestings ? missingFrom(want.nestings, have.nestings) : []) {
    problems.push(
      `Der Verweis ${nesting} fehlt. Er setzt einen Text ein, der an anderer Stelle gepflegt wird: Lassen Sie ihn genau so stehen.`,
    );
  }
  for (const nesting of keepNestings ? missingFrom(have.nestings, want.nestings) : []) {
    problems.push(
      `Der Verweis ${nesting} gehört nicht in diesen Text. Prüfen Sie die Schreibweise oder entfernen Sie ihn.`,
    );
  }
  for (const tag of missingFrom(want.tags, have.tags)) {
    problems.push(
      `Die Markierung ${tag} fehlt. Sie macht den eingeschlossenen Text zum Link oder hebt ihn hervor: Lassen Sie sie mit ihrem Gegenstück stehen.`,
    );
  }
  // German words in an English or French text are marked <de>…</de> (lang="de", WCAG 3.1.2); the marks come in pairs.
  const germanMarks: string[] =
    lng === defaultLanguage ? [] : have.tags.filter((tag) => tag === '<de>' || tag === '</de>');
  if (germanMarks.filter((tag) => tag === '<de>').length * 2 !== germanMarks.length) {
    problems.push(
      'Die Markierung <de>…</de> (ein deutsches Wort im Text) braucht ihr Gegenstück: Schreiben Sie beide oder keine.',
    );
  }
  const strayTags = missingFrom(
    have.tags.filter((tag) => !germanMarks.includes(tag)),
    want.tags,
  );
  const withoutKnownTags = [...want.tags, ...germanMarks].reduce((rest, tag) => rest.replaceAll(tag, ''), text);
  if (strayTags.length > 0 || markupPattern.test(withoutKnownTags.replace(tagPattern, ''))) {
    problems.push(
      `HTML ist in Texten nicht erlaubt${strayTags.length ? ` (${[...new Set(strayTags)].join(' ')})` : ''}: Die Website zeigt Texte so, wie sie geschrieben sind. Schreiben Sie ohne spitze Klammern.`,
    );
  }
  if (guard.limit) {
    const length = [...resolve(text)].length;
    if (length > guard.limit.max) {
      const what = guard.limit.kind === 'title' ? 'Der Seitentitel' : 'Die Seitenbeschreibung';
      problems.push(
        `${what} ist ${length} Zeichen lang; Suchmaschinen zeigen nur ${guard.limit.max}. Kürzen Sie um mindestens ${length - guard.limit.max} Zeichen.`,
      );
    }
  }
  // The editor fixes French typography when it saves (fixTypography): only what remains is refused.
  for (const { rule, around } of brokenRules(lng, fixTypography(lng, text))) {
    problems.push(`Schreibregel „${rule}“ verletzt bei „…${around.trim()}…“.`);
  }
  return problems;
}
