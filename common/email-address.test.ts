import { describe, expect, it } from 'vitest';
import { canonicalEmail, decodePunycode, mailboxFamily } from './email-address';
import { lookAlikeAddress, lookAlikes, mailboxFamilies, refusedShapes } from './email-address.fixtures';

describe('canonicalEmail', () => {
  it.each(lookAlikes)('spells %s as the one address it is', (spelling) => {
    expect(canonicalEmail(spelling)).toBe(lookAlikeAddress);
  });

  it.each(Object.entries(refusedShapes))('refuses %s', (_, shape) => {
    expect(canonicalEmail(shape)).toBeNull();
  });

  it.each([
    ['zoë@café.fr', 'zoë@xn--caf-dma.fr'],
    ['ceo@w\u0435stbridge.example', 'ceo@xn--wstbridge-g0h.example'],
    ['info@пример.рф', 'info@xn--e1afmkfd.xn--p1ai'],
    ['max@faß.de', 'max@xn--fa-hia.de'],
    ["o'brien+news@Example.co.uk", "o'brien+news@example.co.uk"],
    ['ab@ab--cd.example', 'ab@ab--cd.example'],
    [`${'e'.repeat(64)}@example.org`, `${'e'.repeat(64)}@example.org`],
  ])('keeps %s, an address mail servers take, as %s', (written, canonical) => {
    expect(canonicalEmail(written)).toBe(canonical);
  });

  it('maps an address in its one spelling to itself', () => {
    const spellings = [
      ...lookAlikes,
      'zoë@café.fr',
      'ΣΟΦΙΑ@ΠΑΡΆΔΕΙΓΜΑ.ΔΟΚΙΜΉ',
      'İlkay@örnek.com.tr',
      'ǅemal@example.ba',
    ];
    for (const spelling of spellings) {
      const canonical = canonicalEmail(spelling);
      expect(canonical, spelling).not.toBeNull();
      expect(canonicalEmail(canonical ?? '')).toBe(canonical);
    }
  });

  it('refuses an address over 254 octets once the domain is in its ASCII form', () => {
    const domain = Array.from({ length: 7 }, () => '一二三四五六七八九十百千万').join('.');
    expect(`x@${domain}.de`.length).toBe(102);
    expect(canonicalEmail(`x@${domain}.de`)).toBeNull();
    expect(canonicalEmail(`x@${domain.slice(0, 13 * 5 + 4)}.de`)).not.toBeNull();
  });
});

describe('decodePunycode', () => {
  it('decodes what the URL parser encodes, and refuses what is not Punycode', () => {
    const labels = ['café', 'wеstbridge', 'пример', 'рф', 'faß', 'σασ', '例え', 'münchen-ost', 'ὀδυσσεύς', 'عربي'];
    for (const label of labels) {
      const ascii = new URL(`http://${label}/`).hostname;
      expect(ascii, label).toMatch(/^xn--[a-z0-9-]+$/);
      expect(decodePunycode(ascii.slice(4)), label).toBe(label);
    }
    for (const broken of ['zz', '9999999999a', 'a-!', '-']) expect(decodePunycode(broken), broken).toBeNull();
  });
});

describe('mailboxFamily', () => {
  it.each(Object.entries(mailboxFamilies))('counts every address of %s’s family as that mailbox', (family, members) => {
    for (const member of members) expect(mailboxFamily(canonicalEmail(member) ?? ''), member).toBe(family);
  });

  it('keeps a local part that only starts with +, and the dots of providers that read them', () => {
    expect(mailboxFamily('+1@example.com')).toBe('+1@example.com');
    expect(mailboxFamily('j.doe@outlook.com')).toBe('j.doe@outlook.com');
    expect(mailboxFamily('j.doe@gmail.com.evil.example')).toBe('j.doe@gmail.com.evil.example');
  });
});
