import { describe, expect, it } from 'vitest';
import { languageCodes } from '../languages';
import { contactForm } from './contact-form';
import {
  checkFields,
  defineForm,
  maxLaterFieldLength,
  maxLaterFields,
  textField,
  visibleFields,
  type FieldFactory,
  type FormDescription,
} from './form-fields';
import { newsletterForm } from './newsletter-form';

interface FormTexts {
  fields?: Record<string, string>;
  errors?: Record<string, string>;
  /** How the privacy policy names each field it takes (src/pages/privacy-page.tsx). */
  privacy?: Record<string, string>;
}
const files = import.meta.glob<FormTexts>('../../src/content/locales/*/{contact-form,newsletter}.json', {
  eager: true,
  import: 'default',
});
const texts = (lng: string, ns: string): FormTexts => files[`../../src/content/locales/${lng}/${ns}.json`] ?? {};

const valid = {
  name: 'Amara Mensah',
  email: 'amara@cocoa-coop.example',
  subject: 'Kakao',
  message: 'Guten Tag,\nwir liefern.',
  language: languageCodes[0],
};

/** A form with the namespace of its texts, and its own check. */
const described = <F extends Record<string, FieldFactory>>(name: string, ns: string, form: FormDescription<F>) => ({
  name,
  ns,
  form,
  check: (input: unknown) => checkFields(form, input),
});

/** Each form the site has: a new form is a line here. */
const forms = [
  described('the contact form', 'contact-form', contactForm),
  described('the newsletter sign-up', 'newsletter', newsletterForm),
];

describe.each(forms)('$name as described once', ({ ns, form, check: checkForm }) => {
  // A field or an error key added to the description without its texts fails here, naming the language and the key.
  it.each(languageCodes)('labels every field a visitor fills in, in %s', (lng) => {
    const { fields = {} } = texts(lng, ns);
    const missing = visibleFields(form).filter((field) => !fields[field.name]?.trim());
    expect(missing.map((field) => `${lng}/${ns}.json fields.${field.name}`)).toEqual([]);
  });

  // The privacy policy lists what the form takes from its description: a field without its wording there fails here.
  it.each(languageCodes)('names every field it takes in the privacy policy, in %s', (lng) => {
    const { privacy = {} } = texts(lng, ns);
    const taken = form.fields.filter((field) => field.role !== 'honeypot');
    const missing = taken.filter((field) => !privacy[field.name]?.trim());
    expect(missing.map((field) => `${lng}/${ns}.json privacy.${field.name}`)).toEqual([]);
  });

  it.each(languageCodes)('has a text for every error key its fields give, in %s', (lng) => {
    const { errors = {} } = texts(lng, ns);
    const keys = [...new Set(form.fields.flatMap((field) => field.errors))];
    expect(keys.filter((key) => !errors[key]?.trim()).map((key) => `${lng}/${ns}.json errors.${key}`)).toEqual([]);
  });

  it('gives each error key it lists, and only those', () => {
    const given = new Set<string>();
    const own = Object.fromEntries(form.names.map((name) => [name, valid[name as keyof typeof valid]]));
    for (const field of form.fields) {
      const maxLength = field.control?.maxLength ?? 100;
      for (const value of [42, '', ' ', 'x'.repeat(maxLength + 1), 'a\u0000b', 'a\u200Bb', 'a@b', 'xx']) {
        const check = checkForm({ ...own, [field.name]: value });
        const key = check.success ? undefined : (check.fields as Record<string, string | undefined>)[field.name];
        if (key) {
          expect(field.errors, `${field.name}: ${JSON.stringify(value)}`).toContain(key);
          given.add(`${field.name}.${key}`);
        }
      }
    }
    expect(given.size).toBeGreaterThanOrEqual(form.fields.length);
  });
});

describe('a field of the next release (docs/decisions/0039-fields-of-a-later-release-left-aside.md)', () => {
  // The form as the next release's page sends it: one optional field more.
  const nextForm = defineForm({ ...contactForm.factories, nextReleaseNote: textField({ required: false, max: 200 }) });
  const next = { ...valid, nextReleaseNote: 'Cocoa Coop Ltd.' };

  it('is checked by the next release, and taken and left aside by this one', () => {
    expect(checkFields(nextForm, next)).toMatchObject({ success: true, data: { nextReleaseNote: 'Cocoa Coop Ltd.' } });
    const check = checkFields(contactForm, next);
    expect(check).toMatchObject({ success: true, ignored: ['nextReleaseNote'] });
    expect(check.success && 'nextReleaseNote' in check.data).toBe(false);
  });

  it.each([
    ['a value that is not text', { isAdmin: true }],
    ['a name no field of ours could have', { 'name[first]': 'x' }],
    ['a name of Object.prototype', { constructor: 'x' }],
    ['a value longer than any field takes', { notes: 'x'.repeat(maxLaterFieldLength + 1) }],
    [
      'more fields than a release adds',
      Object.fromEntries(Array.from({ length: maxLaterFields + 1 }, (_, index) => [`extra${index}`, 'x'])),
    ],
  ])('is refused when it is %s', (_case, extra) => {
    expect(checkFields(contactForm, { ...valid, ...extra })).toMatchObject({ success: false, unknownFields: true });
  });
});
