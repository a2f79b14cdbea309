import type { Language } from './languages';
import type { CompanyFacts } from './company-facts';
import facts from './company.json' with { type: 'json' };

/**
 * Company facts, in one place: common/company.json, which the editor at /admin/ edits
 * ("Firmendaten") and whose shape is common/company-facts.ts (checked by common/company.test.ts
 * and by the editor before it saves). Every text that shows them interpolates these values
 * (`{{company.email}}` in the translations). The values are deliberately fictional: the
 * `.example` domain is reserved, and 030 23125 xxx is the Berlin number range the
 * Bundesnetzagentur keeps for fiction.
 */
const checked = facts as CompanyFacts & { workingLanguage: Language; representativeGender: 'female' | 'male' };

export const company = {
  ...checked,
  /** The number as a link dials it (RFC 3966): without its spaces and hyphen. */
  phoneHref: `tel:${checked.phone.replace(/[\s-]/g, '')}`,
} as const;

/**
 * The postal address of each office a job can be based at, by the office's name in
 * Personio (a job's JobPosting `jobLocation`). An office not listed here is given
 * by its name as the place, in the company's country.
 */
export const officeAddresses: Readonly<Record<string, { streetAddress: string; postCode: string; city: string }>> = {
  [company.city]: { streetAddress: company.streetAddress, postCode: company.postCode, city: company.city },
};
