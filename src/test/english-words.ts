import type { Language } from '../../common/languages';

/**
 * English function and interface words that are not also German or French words: one of them
 * on a German or French page means a text was left in English. Used by the unit check of the
 * locale files and by the browser scan of the served pages.
 */
export const englishWords = [
  'the',
  'and',
  'with',
  'our',
  'your',
  'you',
  'we',
  'for',
  'of',
  'to',
  'is',
  'are',
  'this',
  'that',
  'from',
  'by',
  'have',
  'has',
  'more',
  'about',
  'learn',
  'read',
  'please',
  'here',
  'privacy',
  'terms',
  'careers',
  'apply',
  'subscribe',
  'submit',
];

// Words that are also words of the page's own language: "le for" is a place of jurisdiction in French.
const ownWords: Partial<Record<Language, string[]>> = { fr: ['for'] };

/** Finds the English words of the list in a German or French text, as whole words. */
export const englishWordPattern = (lng: Language) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${englishWords.filter((word) => !ownWords[lng]?.includes(word)).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
