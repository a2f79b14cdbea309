import { describe, expect, it } from 'vitest';
import { marksOf, textProblems } from './text-guards';
import { fixTypography } from './typography';

const source =
  'Schreiben Sie an {{company.email}} oder lesen Sie die <privacy>Datenschutzerklärung</privacy> ($t(common:pages.privacy)).';
const guard = { source };

describe('textProblems: what an edit may not do to a text', () => {
  it('lets a text that keeps its marks through', () => {
    expect(
      textProblems('Mail an {{company.email}}; <privacy>Hinweise</privacy> $t(common:pages.privacy)', 'de', guard),
    ).toEqual([]);
  });

  it('refuses a dropped placeholder, naming it', () => {
    expect(textProblems('Mail an uns; <privacy>Hinweise</privacy> $t(common:pages.privacy)', 'de', guard)).toEqual([
      expect.stringContaining('Der Platzhalter {{company.email}} fehlt'),
    ]);
  });

  it('refuses a misspelt placeholder as missing and as not belonging', () => {
    const problems = textProblems(
      'Mail an {{company.emial}}; <privacy>x</privacy> $t(common:pages.privacy)',
      'en',
      guard,
    );
    expect(problems).toEqual([
      expect.stringContaining('{{company.email}} fehlt'),
      expect.stringContaining('{{company.emial}} gehört nicht in diesen Text (erlaubt: {{company.email}})'),
    ]);
  });

  it('refuses a dropped nesting and a dropped component tag', () => {
    const problems = textProblems('Mail an {{company.email}}, Datenschutzerklärung', 'de', guard);
    expect(problems.join('\n')).toContain('Der Verweis $t(common:pages.privacy) fehlt');
    expect(problems.join('\n')).toContain('Die Markierung <privacy> fehlt');
    expect(problems.join('\n')).toContain('Die Markierung </privacy> fehlt');
  });

  it('refuses an empty German text, and a missing translation, each with its own message', () => {
    expect(textProblems('  ', 'de', guard)).toEqual([expect.stringContaining('Der deutsche Text fehlt')]);
    expect(textProblems('', 'fr', guard)).toEqual([expect.stringContaining('Die französische Fassung fehlt')]);
    expect(textProblems('', 'en', guard)).toEqual([expect.stringContaining('Die englische Fassung fehlt')]);
  });

  it('refuses a script, HTML with attributes and a comment, but not a lone <', () => {
    const plain = { source: 'Über uns' };
    for (const text of [
      '<script>alert(1)</script>',
      'Bild <img src=x onerror=alert(1)>',
      'a <!-- b -->',
      '<a href="//evil">x</a>',
    ]) {
      expect(textProblems(text, 'de', plain), text).toEqual([
        expect.stringContaining('HTML ist in Texten nicht erlaubt'),
      ]);
    }
    expect(textProblems('Preis < 5 € und 3 > 2', 'de', plain)).toEqual([]);
  });

  it('lets an English or French text mark German words <de>…</de>, in pairs, but not the German one', () => {
    const plain = { source: 'Eingetragen im Handelsregister' };
    expect(textProblems('Registered in the <de>Handelsregister</de>', 'en', plain)).toEqual([]);
    expect(textProblems('Inscrite au <de>Handelsregister', 'fr', plain)).toEqual([
      expect.stringContaining('braucht ihr Gegenstück'),
    ]);
    expect(textProblems('Eingetragen im <de>Handelsregister</de>', 'de', plain)).toEqual([
      expect.stringContaining('HTML ist in Texten nicht erlaubt (</de> <de>)'),
    ]);
  });

  it('refuses a title longer than search results show, after filling in its placeholders', () => {
    const title = { source: 'Über uns', limit: { kind: 'title', max: 57 } } as const;
    expect(textProblems('x'.repeat(5000), 'de', title)).toEqual([
      expect.stringContaining(
        'Der Seitentitel ist 5000 Zeichen lang; Suchmaschinen zeigen nur 57. Kürzen Sie um mindestens 4943 Zeichen.',
      ),
    ]);
    expect(
      textProblems('{{company.name}}', 'de', { ...title, source: '{{company.name}}' }, () => 'x'.repeat(58)),
    ).toHaveLength(1);
    expect(textProblems('x'.repeat(57), 'de', title)).toEqual([]);
  });

  it('leaves to the save what it fixes of French typography, and names the rule of what it cannot', () => {
    expect(textProblems("L'équipe : c'est ... tout !", 'fr', { source: 'x' })).toEqual([]);
    expect(textProblems('Abonnez-vous à notre lettre d’information', 'fr', { source: 'x' })).toEqual([
      expect.stringContaining('newsletter, not lettre d’information'),
    ]);
  });
});

describe('fixTypography', () => {
  it('sets the spaces, apostrophes, ellipsis and dash, and leaves placeholders, nestings, tags and addresses alone', () => {
    expect(fixTypography('fr', "L'offre : 5 % ; « oui » ! Quoi? Et ... fin . A - B")).toBe(
      'L’offre\u00a0: 5\u00a0%\u202f; «\u00a0oui\u00a0»\u202f! Quoi\u202f? Et… fin. A – B',
    );
    const kept = "{{company.name}} $t(common:pages.about) <privacy>x</privacy> https://a.example/?q=1:2 l'a";
    expect(fixTypography('fr', kept)).toBe(
      '{{company.name}} $t(common:pages.about) <privacy>x</privacy> https://a.example/?q=1:2 l’a',
    );
  });
});

describe('marksOf', () => {
  it('counts each mark as often as it occurs', () => {
    expect(marksOf('{{a}} {{ a }} <b>x</b> $t(ns:k)')).toEqual({
      variables: ['{{a}}', '{{a}}'],
      nestings: ['$t(ns:k)'],
      tags: ['</b>', '<b>'],
    });
  });
});
