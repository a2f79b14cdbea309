import type { Locator, Page } from '@playwright/test';
import { checkContactMessage, contactForm, type ContactField } from '../../../common/forms/contact-form';
import { visibleFields } from '../../../common/forms/form-fields';
import type { Language } from '../../../common/languages';
import { escapeRegExp, localeTexts, textsOf } from './locales';

/**
 * The contact form as the browser tests fill it: its fields from the form's one description
 * (common/forms/contact-form.ts), each found by its label in the page's language.
 */

export const contactFields = visibleFields(contactForm);
export const requiredContactFields = contactFields.filter((field) => field.control.required);

/** The control of a field, found by its label as a visitor finds it. */
export function contactField(page: Page, lng: Language, name: ContactField): Locator {
  const label = localeTexts(lng, 'contact-form').fields[
    name as keyof ReturnType<typeof localeTexts<'contact-form'>>['fields']
  ];
  // The label's text, and the asterisk of a required field after it.
  return page.getByRole('main').getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
}

/** A value a visitor could type into a field of this kind. */
function sampleValue(name: string, type: string): string {
  if (type === 'email') return `${name}-sender@example.com`;
  if (type === 'tel') return '+49 30 1234567';
  if (type === 'url') return 'https://example.com';
  return `Sample ${name}`;
}

/** Fills the form: `values` where given, every other required field with a value of its kind. */
export async function fillContactForm(
  page: Page,
  lng: Language,
  values: Partial<Record<ContactField, string>> = {},
): Promise<void> {
  for (const field of contactFields) {
    const value =
      values[field.name as ContactField] ??
      (field.control.required ? sampleValue(field.name, field.control.type) : undefined);
    if (value !== undefined) await contactField(page, lng, field.name as ContactField).fill(value);
  }
}

/** The error text of a key, as the form shows it under a field (`{{max}}` filled in). */
export function contactError(lng: Language, key: string, max?: number): string {
  const errors = localeTexts(lng, 'contact-form').errors;
  if (!(key in errors)) throw new Error(`No contact-form error ${key} in ${lng}`);
  return textsOf(lng)(($) => $.errors[key as keyof typeof errors], { ns: 'contact-form', max });
}

/** What the form says under each field when it is sent as given: the error keys of the one check the page and server share. */
export function contactErrors(
  lng: Language,
  values: Partial<Record<ContactField, string>> = {},
): Partial<Record<ContactField, string>> {
  const check = checkContactMessage({ language: lng, ...values });
  if (check.success) return {};
  return Object.fromEntries(
    Object.entries(check.fields).map(([name, key]) => {
      const field = contactFields.find((candidate) => candidate.name === name);
      return [name, contactError(lng, String(key), field?.control.maxLength)];
    }),
  );
}
