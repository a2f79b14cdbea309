import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../../common/languages';
import { textVariables } from '../../../common/text-variables';
import { localeTexts } from '../../test/locale-texts';

/**
 * A text shows a fact by naming it (`{{company.email}}`, `{{employment.leaveDays}}`): a fact a
 * text names must be a value of common/text-variables.ts (the company's facts in
 * common/company.ts), or the page would show nothing in its place.
 */
const factPlaceholder = /\{\{\s*((?:company|employment)(?:\.\w+)+)\s*\}\}/g;
const valueAt = (path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], textVariables);

describe.each(languageCodes)('facts the %s texts name', (lng) => {
  it('are each a value of common/text-variables.ts', () => {
    const named = localeTexts(lng).flatMap(({ where, text }) =>
      [...text.matchAll(factPlaceholder)].map((match) => ({ where, match })),
    );
    expect(named.length).toBeGreaterThan(0);
    const unknown = named
      .filter(({ match: [, path = ''] }) => !['string', 'number'].includes(typeof valueAt(path)))
      .map(
        ({ where, match: [placeholder] }) =>
          `${where}: ${placeholder} names no fact of common/company.ts or common/employment.ts`,
      );
    expect(unknown).toEqual([]);
  });
});
