import { z } from 'zod';
import { languageCodes, languages } from './languages';

/**
 * The shape of the company's facts (common/company.json): what each is, in German for the editor
 * at /admin/ (its "Firmendaten" are made from this schema), and what a value must look like. The
 * checks parse company.json with it (common/company.test.ts) and the editor refuses a save it
 * refuses, before anything reaches the repository. Only types of it reach the site's pages
 * (common/company.ts): zod stays out of every page's JavaScript.
 */
const line = (title: string, description?: string) =>
  z
    .string()
    .trim()
    .min(1, `${title} fehlt.`)
    .max(200, `${title}: höchstens 200 Zeichen.`)
    .refine((value) => !/[<>{}]/.test(value), `${title}: spitze oder geschweifte Klammern sind hier nicht erlaubt.`)
    .meta({ title, ...(description ? { description } : {}) });

const email = (title: string, description?: string) =>
  z.email(`${title}: keine gültige E-Mail-Adresse.`).meta({ title, ...(description ? { description } : {}) });

const https = (title: string) =>
  z.url({ protocol: /^https$/, error: `${title}: eine Adresse, die mit https:// beginnt.` }).meta({ title });

export const companyFactsSchema = z
  .object({
    shortName: line('Kurzname', 'Wie die Website das Unternehmen nennt: im Logo, in Seitentiteln und Texten.'),
    name: line('Firma', 'Der eingetragene Name mit Rechtsform, wie im Handelsregister.'),
    streetAddress: line('Straße und Hausnummer'),
    postCode: z
      .string()
      .regex(/^\d{5}$/, 'Postleitzahl: fünf Ziffern.')
      .meta({ title: 'Postleitzahl' }),
    city: line('Ort'),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Land: zwei Großbuchstaben nach ISO 3166 (DE).')
      .meta({ title: 'Land (ISO-Code)', description: 'DE für Deutschland.' }),
    email: email(
      'E-Mail',
      'Die allgemeine Adresse; auch Absender und Empfänger der Formulare, wenn nichts anderes eingestellt ist.',
    ),
    careerEmail: email('E-Mail für Bewerbungen'),
    privacyEmail: email('E-Mail für Datenschutzfragen'),
    securityEmail: email('E-Mail für Sicherheitsmeldungen', 'Steht in /.well-known/security.txt (RFC 9116).'),
    phone: z
      .string()
      .regex(
        /^\+\d{1,3}(?: \d{1,6}){1,4}(?:-\d{1,6})?$/,
        'Telefon: international nach DIN 5008 geschrieben, z. B. +49 30 23125-100.',
      )
      .meta({
        title: 'Telefon',
        description:
          'International nach DIN 5008: Land, Vorwahl, Rufnummer, Durchwahl nach Bindestrich: +49 30 23125-100.',
      }),
    representative: line('Geschäftsführung', 'Name der Person, die das Unternehmen vertritt (§ 35a GmbHG).'),
    representativeGender: z.enum(['female', 'male']).meta({
      title: 'Titel der Geschäftsführung',
      description: 'Wie die Texte sie nennen: Geschäftsführerin / gérante oder Geschäftsführer / gérant.',
      optionLabels: { female: 'Geschäftsführerin', male: 'Geschäftsführer' },
    }),
    registrationNumber: line('Handelsregisternummer'),
    registerCourt: line('Registergericht'),
    registerCourtDetails: line('Anschrift des Registergerichts'),
    courtType: line('Art des Gerichts'),
    vatId: z
      .string()
      .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, 'USt-IdNr.: Ländercode und Nummer ohne Leerzeichen, z. B. DE123456789.')
      .meta({ title: 'Umsatzsteuer-Identifikationsnummer' }),
    workingLanguage: z.enum(languageCodes as [string, ...string[]]).meta({
      title: 'Arbeitssprache',
      description: 'Die Sprache der Mails, die die Website an das Unternehmen schickt.',
      optionLabels: Object.fromEntries(languages.map((language) => [language.code, language.name])),
    }),
    seat: line('Sitz der Gesellschaft'),
    jurisdiction: line('Gerichtsstand'),
    minimumAge: z
      .number()
      .int()
      .min(14, 'Mindestalter: zwischen 14 und 21.')
      .max(21, 'Mindestalter: zwischen 14 und 21.')
      .meta({
        title: 'Mindestalter',
        description: 'Ab diesem Alter dürfen die Formulare genutzt werden (Nutzungsbedingungen).',
      }),
    dataProtectionOfficer: z
      .object({
        name: line('Name der oder des Datenschutzbeauftragten'),
        email: email('E-Mail der oder des Datenschutzbeauftragten'),
      })
      .strict()
      .nullable()
      .meta({
        title: 'Datenschutzbeauftragte(r)',
        description:
          'Leer lassen, solange das Unternehmen keine(n) benennen muss (§ 38 BDSG: ab 20 Personen, die ständig personenbezogene Daten automatisiert verarbeiten). Die Datenschutzerklärung sagt, was gilt.',
      }),
    dataProtectionAuthority: z
      .object({
        name: line('Name der Behörde'),
        address: line('Anschrift der Behörde'),
        website: line('Website (wie sie im Text steht)'),
        url: https('Adresse der Website'),
      })
      .strict()
      .meta({
        title: 'Datenschutz-Aufsichtsbehörde',
        description: 'Wird in der Datenschutzerklärung genannt (Art. 77 DSGVO).',
      }),
    social: z
      .object({
        linkedin: https('LinkedIn'),
        instagram: https('Instagram'),
        x: https('X'),
      })
      .strict()
      .meta({ title: 'Soziale Netzwerke' }),
  })
  .strict();

export type CompanyFacts = z.infer<typeof companyFactsSchema>;
