import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage, pickLanguage } from './languages';

describe('parseAcceptLanguage', () => {
  it('orders tags by quality, keeping header order for ties', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(parseAcceptLanguage('en;q=0.5,de')).toEqual(['de', 'en']);
  });

  it('drops refused and malformed entries', () => {
    expect(parseAcceptLanguage('fr;q=0, en;q=abc, ,de')).toEqual(['de']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('pickLanguage', () => {
  it('takes the first candidate whose primary language the site speaks', () => {
    expect(pickLanguage(['fr-CH', 'de'])).toBe('fr');
    expect(pickLanguage(['nl', 'EN-us', 'fr'])).toBe('en');
    expect(pickLanguage([null, 'de_AT'])).toBe('de');
  });

  it('falls back to German', () => {
    expect(pickLanguage(['nl', undefined, ''])).toBe('de');
    expect(pickLanguage([])).toBe('de');
  });
});
