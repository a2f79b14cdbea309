/**
 * Company facts, in one place. Every text that shows them interpolates these
 * values (`{{company.email}}` in the translations), so replacing the company
 * means editing this file only. The values are deliberately fictional: the
 * `.example` domain is reserved, and 030 23125 xxx is the Berlin number range
 * the Bundesnetzagentur keeps for fiction.
 */
const phone = '+49 30 23125 100';

export const company = {
  shortName: 'Westbridge',
  name: 'Westbridge Trade & Services GmbH',
  streetAddress: 'Musterstraße 12',
  postCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  email: 'info@westbridge.example',
  careerEmail: 'careers@westbridge.example',
  privacyEmail: 'privacy@westbridge.example',
  /** Where security researchers report vulnerabilities (/.well-known/security.txt, RFC 9116). */
  securityEmail: 'security@westbridge.example',
  phone,
  /** The number as a link dials it (RFC 3966): without its spaces. */
  phoneHref: `tel:${phone.replace(/\s/g, '')}`,
  /** The managing director (Geschäftsführerin), named in the legal notice and in every mail (§ 35a GmbHG). */
  representative: 'Erika Mustermann',
  /** Which title the texts give her: Geschäftsführerin / gérante, or Geschäftsführer / gérant. */
  representativeGender: 'female',
  registrationNumber: 'HRB 000000 B',
  registerCourt: 'Amtsgericht Charlottenburg',
  registerCourtDetails: 'Hardenbergstraße 31, 10623 Berlin',
  courtType: 'Amtsgericht',
  vatId: 'DE000000000',
  /** The language of the mails the site sends to the company itself (contact messages). */
  // eslint-disable-next-line no-restricted-syntax -- the company's own language, a fact of its own, which happens to be the site's default
  workingLanguage: 'de',
  /** The registered seat (Sitz), which business letters state (§ 35a GmbHG). */
  seat: 'Berlin',
  /** Place of jurisdiction in the terms of use (docs/product.md#legal-texts: courts in Berlin). */
  jurisdiction: 'Berlin',
  /** The terms allow the contact form and the newsletter only from this age (docs/product.md#legal-texts). */
  minimumAge: 18,
  /** The data-protection supervisory authority of the company's seat, named in the privacy policy (Art. 77 GDPR). */
  dataProtectionAuthority: {
    name: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit',
    address: 'Alt-Moabit 59–61, 10555 Berlin',
    website: 'www.datenschutz-berlin.de',
    url: 'https://www.datenschutz-berlin.de',
  },
  social: {
    linkedin: 'https://www.linkedin.com/company/westbridge-example',
    instagram: 'https://www.instagram.com/westbridge.example',
    x: 'https://x.com/westbridge_example',
  },
} as const;

/**
 * The postal address of each office a job can be based at, by the office's name in
 * Personio (a job's JobPosting `jobLocation`). An office not listed here is given
 * by its name as the place, in the company's country.
 */
export const officeAddresses: Readonly<Record<string, { streetAddress: string; postCode: string; city: string }>> = {
  [company.city]: { streetAddress: company.streetAddress, postCode: company.postCode, city: company.city },
};
