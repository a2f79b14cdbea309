import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { company } from './company';
import { companyFactsSchema } from './company-facts';

const file = path.join(import.meta.dirname, 'company.json');
const facts = () => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const problems = (value: unknown) =>
  companyFactsSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the company’s facts (common/company.json)', () => {
  it('are what the schema says facts are', () => {
    expect(problems(facts())).toEqual([]);
  });

  it('reach every text as they are, with the number a link can dial', () => {
    expect(company.phone).toBe(facts().phone);
    expect(company.phoneHref).toBe(`tel:${String(facts().phone).replace(/[\s-]/g, '')}`);
  });

  it('refuse what an editor could get wrong, saying what to do in German', () => {
    const bad = {
      ...facts(),
      email: 'info(at)westbridge',
      phone: '030/23125100',
      postCode: '1011',
      vatId: 'DE 000 000 000',
      name: '<script>alert(1)</script>',
      shortName: '   ',
      social: { linkedin: 'http://x.example', instagram: 'javascript:alert(1)', x: 'https://x.com/a' },
    };
    expect(problems(bad)).toEqual([
      'shortName: Kurzname fehlt.',
      'name: Firma: spitze oder geschweifte Klammern sind hier nicht erlaubt.',
      'postCode: Postleitzahl: fünf Ziffern.',
      'email: E-Mail: keine gültige E-Mail-Adresse.',
      'phone: Telefon: international nach DIN 5008 geschrieben, z. B. +49 30 23125-100.',
      'vatId: USt-IdNr.: Ländercode und Nummer ohne Leerzeichen, z. B. DE123456789.',
      'social.linkedin: LinkedIn: eine Adresse, die mit https:// beginnt.',
      'social.instagram: Instagram: eine Adresse, die mit https:// beginnt.',
    ]);
  });

  it('take no fact the schema does not name', () => {
    expect(problems({ ...facts(), telex: '184 101' })).toEqual([expect.stringContaining('telex')]);
  });
});
