import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../common/api-paths';
import { checkContactMessage, contactForm } from '../../../common/forms/contact-form';
import { hiddenField, visibleFields } from '../../../common/forms/form-fields';
import { languageCodes } from '../../../common/languages';
import { pageHref } from '../../../common/page-urls';
import { asShown } from '../../test/page-text';
import { renderWithProviders, textsOf } from '../../test/render';
import { ContactForm } from './contact-form';

const ns = 'contact-form';

/** A value each field takes: within its limit, and an address for the e-mail field. */
const validValue = (name: string, type: string) =>
  type === 'email' ? 'amara@cocoa-coop.example' : `${name} of Amara Mensah`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(languageCodes)('the contact form in %s', (lng) => {
  const t = textsOf(lng);
  const label = (name: string) => t(($) => $.fields[name as 'name'], { ns });
  const render = () => {
    renderWithProviders(<ContactForm />, { lng, path: pageHref('contact', lng) });
    return document.querySelector('form') as HTMLFormElement;
  };
  /** Each field a visitor fills in, found by its label as a visitor finds it. */
  const controls = () =>
    visibleFields(contactForm).map((field) => ({
      field,
      element: screen.getByRole('textbox', { name: label(field.name) }) as HTMLInputElement | HTMLTextAreaElement,
    }));

  // A field added to common/forms/contact-form.ts that the form does not show fails here, by its label.
  it('asks for each field as the form describes it, labelled by its text', () => {
    const form = render();
    for (const { field, element } of controls()) {
      const { type, required, maxLength, autoComplete } = field.control;
      expect(element, field.name).toHaveAttribute('name', field.name);
      if (type === 'textarea') expect(element.tagName, field.name).toBe('TEXTAREA');
      else expect(element, field.name).toHaveAttribute('type', type);
      expect(element, field.name).toHaveAttribute('maxlength', String(maxLength));
      if (autoComplete) expect(element, field.name).toHaveAttribute('autocomplete', autoComplete);
      expect(element.required, field.name).toBe(required);
    }
    // Nothing else for a visitor to fill in.
    expect(within(form).getAllByRole('textbox')).toHaveLength(visibleFields(contactForm).length);
  });

  it('posts to the contact endpoint without scripts, with the page language and the honeypot out of reach', () => {
    const form = render();
    expect(form).toHaveAttribute('action', apiPaths.contact);
    expect(form).toHaveAttribute('method', 'post');
    expect(form.querySelector(`input[type="hidden"][name="${hiddenField(contactForm, 'language')}"]`)).toHaveValue(lng);
    const honeypot = form.querySelector(`input[name="${hiddenField(contactForm, 'honeypot')}"]`);
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it("names what is missing in the words of the check's error key, and goes to the first such field", async () => {
    const check = checkContactMessage({ language: lng });
    const keys: Record<string, string | undefined> = check.success ? {} : check.fields;
    const form = render();
    fireEvent.submit(form);
    const required = controls().filter(({ field }) => field.control.required);
    await waitFor(() => expect(required[0]?.element).toHaveFocus());
    for (const { field, element } of required) {
      expect(element, field.name).toHaveAttribute('aria-invalid', 'true');
      const key = keys[field.name] ?? `${field.name}: no error`;
      expect(element, field.name).toHaveAccessibleDescription(t(($) => $.errors[key as 'nameRequired'], { ns }));
    }
  });

  it('sends every field it describes with the page language, then says so and empties itself', async () => {
    const send = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"success":true}', { status: 200 }));
    const form = render();
    for (const { field, element } of controls())
      fireEvent.change(element, { target: { value: validValue(field.name, field.control.type) } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(asShown(t(($) => $.messageSentSuccess, { ns }))),
    );
    const [address, request] = send.mock.calls[0] ?? [];
    expect(address).toBe(apiPaths.contact);
    const body = JSON.parse(String(request?.body)) as Record<string, string>;
    for (const { field } of controls())
      expect(body[field.name], field.name).toBe(validValue(field.name, field.control.type));
    expect(body.language).toBe(lng);
    for (const { element } of controls()) expect(element).toHaveValue('');
  });

  it("shows the server's error for a field beside it, and that the message was not sent", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: false, error: 'invalid_request', fields: { email: 'invalidEmail' } }), {
        status: 400,
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const form = render();
    for (const { field, element } of controls())
      fireEvent.change(element, { target: { value: validValue(field.name, field.control.type) } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(asShown(t(($) => $.messageSendFailed, { ns }))),
    );
    const email = screen.getByRole('textbox', { name: label('email') });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(t(($) => $.errors.invalidEmail, { ns }));
  });
});
