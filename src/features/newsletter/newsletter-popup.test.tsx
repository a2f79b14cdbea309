import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visibleFields } from '../../../common/forms/form-fields';
import { newsletterForm } from '../../../common/forms/newsletter-form';
import { languageCodes } from '../../../common/languages';
import { pageHref } from '../../../common/page-urls';
import { renderWithProviders, textsOf } from '../../test/render';
import { NewsletterPopup } from './newsletter-popup';

const ns = 'newsletter';

describe.each(languageCodes)('the newsletter pop-up in %s', (lng) => {
  const t = textsOf(lng);

  it('asks for each field as the form describes it, labelled by its text', () => {
    renderWithProviders(<NewsletterPopup />, { lng, path: pageHref('home', lng) });
    for (const { name, control } of visibleFields(newsletterForm)) {
      const input = screen.getByRole('textbox', { name: new RegExp(t(($) => $.fields[name as 'email'], { ns })) });
      expect(input).toHaveAttribute('name', name);
      expect(input).toHaveAttribute('type', control.type);
      expect(input).toHaveAttribute('maxlength', String(control.maxLength));
      expect(input).toHaveAttribute('autocomplete', control.autoComplete);
      expect((input as HTMLInputElement).required).toBe(control.required);
    }
  });

  it('says what is wrong with an address in the words of the error key the check gives', async () => {
    renderWithProviders(<NewsletterPopup />, { lng, path: pageHref('home', lng) });
    const input = screen.getByRole('textbox', { name: new RegExp(t(($) => $.fields.email, { ns })) });
    fireEvent.change(input, { target: { value: 'kofi@example' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t(($) => $.errors.invalidEmail, { ns })));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
