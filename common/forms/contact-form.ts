import type * as z from 'zod/mini';
import {
  checkFields,
  defineForm,
  emailInput,
  honeypotField,
  languageInput,
  textField,
  type ColumnOf,
  type FieldsCheck,
} from './form-fields';

/**
 * The contact form (docs/product.md#contact), described once: checked in the browser on submit and again
 * by POST /send-contact.php, rendered from this list, kept in `contact_messages` and
 * mailed to the company. Error messages are translation keys of the `contact-form`
 * namespace; the product's four come first. The limits of docs/contract.md#contact, in characters.
 *
 * A new field is a line here (optional at first: docs/decisions/0039-fields-of-a-later-release-left-aside.md), a migration that adds its
 * column when it is kept, and its label and error texts in contact-form.json.
 */
export const contactForm = defineForm({
  name: textField({ required: true, max: 100, autoComplete: 'name', width: 'half' }),
  email: emailInput({ width: 'half' }),
  subject: textField({ required: false, max: 200, keys: { wrongType: 'invalidSubject' } }),
  message: textField({ required: true, max: 5000, multiline: true }),
  website: honeypotField(500),
  language: languageInput(),
});

export type ContactMessage = z.output<typeof contactForm.schema>;
export type ContactField = keyof ContactMessage;

/** The fields kept as columns of `contact_messages`, each typed as its schema gives it. */
export type ContactColumns = {
  [K in Exclude<ContactField, 'website' | 'language'> as ColumnOf<K>]-?: undefined extends ContactMessage[K]
    ? string | null
    : string;
};

export function checkContactMessage(input: unknown): FieldsCheck<ContactMessage, ContactField> {
  return checkFields(contactForm, input);
}
