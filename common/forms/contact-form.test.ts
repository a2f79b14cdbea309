import { describe, expect, it } from 'vitest';
import { checkContactMessage } from './contact-form';

const valid = {
  name: 'Jörg Müller',
  email: 'joerg@beispiel.de',
  subject: 'Kakao',
  message: 'Guten Tag,\nwir suchen Kakao.',
};

describe('checkContactMessage', () => {
  it('accepts a valid message and trims it', () => {
    const result = checkContactMessage({ ...valid, name: '  Jörg Müller ', message: 'Zeile 1\r\nZeile 2\r\n' });
    expect(result).toEqual({
      success: true,
      data: { ...valid, message: 'Zeile 1\nZeile 2' },
      ignored: [],
    });
  });

  it.each([
    [{ name: '   ' }, { name: 'nameRequired' }],
    [{ email: '' }, { email: 'emailRequired' }],
    [{ email: 'not-an-address' }, { email: 'invalidEmail' }],
    [{ email: 'a@b' }, { email: 'invalidEmail' }],
    [{ message: ' \n ' }, { message: 'messageRequired' }],
    [{ name: 'x'.repeat(101) }, { name: 'nameTooLong' }],
    [{ subject: 'x'.repeat(201) }, { subject: 'subjectTooLong' }],
    [{ message: 'x'.repeat(5001) }, { message: 'messageTooLong' }],
    [{ name: 'Eve\r\nBcc: victim@example.com' }, { name: 'invalidCharacters' }],
    [{ subject: 'Hi\nBcc: victim@example.com' }, { subject: 'invalidCharacters' }],
    [{ email: 'eve@example.com\r\nBcc: victim@example.com' }, { email: 'invalidEmail' }],
    [{ message: 'null \u0000 byte' }, { message: 'invalidCharacters' }],
    [{ name: 'Eve \u202Egnp.exe' }, { name: 'invalidCharacters' }],
    [{ subject: 'Rechnung \u2067bezahlt\u2069' }, { subject: 'invalidCharacters' }],
    [{ message: 'Betrag: \u202E0001' }, { message: 'invalidCharacters' }],
    [{ email: 'ceo\u200B@beispiel.de' }, { email: 'invalidEmail' }],
    [{ email: 'joerg\uFEFF@beispiel.de' }, { email: 'invalidEmail' }],
    [{ name: 'Jörg \uD800' }, { name: 'invalidCharacters' }],
    [{ name: 42 }, { name: 'nameRequired' }],
    [{ language: 'es' }, { language: 'invalidLanguage' }],
  ])('rejects %o with %o', (change, fields) => {
    const result = checkContactMessage({ ...valid, ...change });
    expect(result).toEqual({ success: false, fields, unknownFields: false });
  });

  it('reports every bad field at once, one key each', () => {
    expect(checkContactMessage({ name: '', email: '', message: '' })).toEqual({
      success: false,
      fields: { name: 'nameRequired', email: 'emailRequired', message: 'messageRequired' },
      unknownFields: false,
    });
  });

  it('refuses fields it does not know', () => {
    const result = checkContactMessage({ ...valid, admin: true });
    expect(result).toMatchObject({ success: false, unknownFields: true });
  });

  const invisible = {
    'line separator': '\u2028',
    'paragraph separator': '\u2029',
    'zero-width space': '\u200B',
    'left-to-right mark': '\u200E',
    'right-to-left mark': '\u200F',
    'Arabic letter mark': '\u061C',
    'byte order mark': '\uFEFF',
    'soft hyphen': '\u00AD',
    'word joiner': '\u2060',
    'tag character': '\u{E0041}',
    'Hangul filler': '\u3164',
  };

  it.each(Object.entries(invisible))(
    'refuses an invisible character (%s) inside a name, subject or address',
    (_, character) => {
      const result = checkContactMessage({
        ...valid,
        name: `Jörg${character} Müller`,
        subject: `Ka${character}kao`,
        email: `jo${character}erg@beispiel.de`,
      });
      expect(result).toEqual({
        success: false,
        fields: { name: 'invisibleCharacters', subject: 'invisibleCharacters', email: 'invalidEmail' },
        unknownFields: false,
      });
    },
  );

  it('keeps in a message what text needs: tabs, line breaks, joiners and direction marks', () => {
    const message = 'Menge:\t40 t\nTeam 👩\u200D💻, می\u200Cخواهم, \u05E9\u05DC\u05D5\u05DD\u200F (Hebrew) \u200E42';
    const result = checkContactMessage({ ...valid, message });
    expect(result.success && result.data.message).toBe(message);
  });

  it('drops from a message the invisible characters pasted text brings, and turns line separators into line breaks', () => {
    const result = checkContactMessage({
      ...valid,
      message: 'Zei\u00ADle\u200B 1\u2028Zeile\uFEFF 2\u2029Zeile 3\u{E0041}\u{E0042}\u2060',
    });
    expect(result.success && result.data.message).toBe('Zeile 1\nZeile 2\nZeile 3');
  });

  it('keeps joiners that names and emoji need', () => {
    const result = checkContactMessage({ ...valid, name: 'می\u200Cخواهم', subject: 'Team 👩\u200D💻' });
    expect(result.success).toBe(true);
    for (const name of ['Ana 👩🏽\u200D💻', 'Ana ❤\uFE0F\u200D🔥', 'ज्\u200Dञ']) {
      expect(checkContactMessage({ ...valid, name }).success, name).toBe(true);
    }
  });

  it.each([
    ['at the start', '\u200DAna'],
    ['at the end', 'Ana\u200C'],
    ['beside a space', 'Ana \u200D Silva'],
    ['doubled', 'An\u200D\u200Da'],
    ['beside a digit', 'Ana 4\u200C2'],
  ])('refuses a joiner in a name that joins nothing: %s', (_, name) => {
    expect(checkContactMessage({ ...valid, name })).toEqual({
      success: false,
      fields: { name: 'invisibleCharacters' },
      unknownFields: false,
    });
  });

  it('keeps international addresses and text intact', () => {
    const result = checkContactMessage({ ...valid, email: 'zoë@café.fr', message: 'Ça va ? 👋 Grüße' });
    expect(result.success && result.data.message).toBe('Ça va ? 👋 Grüße');
  });

  const showNothing = {
    'the blank Braille pattern': '\u2800\u2800',
    'zero-width joiners': '\u200D\u200C\u200D',
    'a combining grapheme joiner': '\u034F',
    'variation selectors': '\uFE0F\uFE0E',
    'a lone combining mark': '\u0301',
    'Hangul fillers': '\u3164\u115F',
    'private-use characters': '\uE000\u{F0000}',
    'a noncharacter': '\uFFFF',
    'the musical null notehead': '\u{1D159}',
  };

  it.each(Object.entries(showNothing))(
    'refuses a name or given subject of %s alone: nothing in it shows',
    (_, text) => {
      const result = checkContactMessage({ ...valid, name: text, subject: `  ${text} ` });
      expect(result).toEqual({
        success: false,
        fields: { name: 'invisibleCharacters', subject: 'invisibleCharacters' },
        unknownFields: false,
      });
    },
  );

  it.each(Object.entries({ ...showNothing, 'format characters': '\u200B\u2060\u{E0041}' }))(
    'refuses a message of %s alone, and keeps one that shows something beside them as written',
    (_, text) => {
      expect(checkContactMessage({ ...valid, message: `\n ${text}\n` })).toEqual({
        success: false,
        fields: { message: text.startsWith('\u200B') ? 'messageRequired' : 'invisibleCharacters' },
        unknownFields: false,
      });
      const kept = checkContactMessage({ ...valid, message: `Guten Tag ${text}` });
      expect(kept.success).toBe(true);
    },
  );

  it('takes a name that shows something beside such characters, and an empty subject', () => {
    const result = checkContactMessage({ ...valid, name: 'Ana\u0301 \u2800', subject: '' });
    expect(result.success).toBe(true);
  });

  it('keeps the address in its one spelling', () => {
    const result = checkContactMessage({ ...valid, email: ' Jörg@ＢＥＩＳＰＩＥＬ.de ' });
    expect(result.success && result.data.email).toBe('jörg@beispiel.de');
  });
});
