/**
 * Company facts, in one place. Every text that shows them interpolates these
 * values (`{{company.email}}` in the translations), so replacing the company
 * means editing this file only. The values are deliberately fictional: the
 * `.example` domain is reserved, and 030 23125 xxx is the Berlin number range
 * the Bundesnetzagentur keeps for fiction.
 */
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
  phone: '+49 30 23125 100',
  phoneHref: 'tel:+493023125100',
  representative: 'Erika Mustermann',
  registrationNumber: 'HRB 000000 B',
  registerCourt: 'Amtsgericht Charlottenburg',
  registerCourtDetails: 'Hardenbergstraße 31, 10623 Berlin',
  courtType: 'Amtsgericht',
  vatId: 'DE000000000',
  social: {
    linkedin: 'https://www.linkedin.com/company/westbridge-example',
    instagram: 'https://www.instagram.com/westbridge.example',
    x: 'https://x.com/westbridge_example',
  },
} as const;

export type Company = typeof company;
