import { describe, expect, it } from 'vitest';
import { defaultLanguage, languageCodes } from '../../../common/languages';
import { textProblems } from '../../../common/text-guards';
import { namespacesOf, readNamespace, textEntries } from '../../test/locale-files';

/**
 * The editor's guards (common/text-guards.ts) hold for what is in the repository too: every text
 * keeps the placeholders and component tags of its German text (a language may write out what
 * German nests), holds no HTML, and breaks no typography or terminology rule. A change made
 * outside the editor is checked the same way.
 */
describe('every text keeps the marks of its German text and holds no markup', () => {
  for (const ns of namespacesOf(defaultLanguage)) {
    const sources = new Map(textEntries(readNamespace(defaultLanguage, ns)));
    for (const lng of languageCodes) {
      it(`${lng}/${ns}.json`, () => {
        const problems = textEntries(readNamespace(lng, ns)).flatMap(([key, text]) =>
          textProblems(text, lng, { source: sources.get(key) ?? text, keepNestings: lng === defaultLanguage }).map(
            (problem) => `${key}: ${problem}`,
          ),
        );
        expect(problems).toEqual([]);
      });
    }
  }
});
