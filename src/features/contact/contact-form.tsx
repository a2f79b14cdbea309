import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkContactMessage, contactLimits, type ContactField } from '../../../common/forms/contact-form';
import { retention } from '../../../common/retention';
import { pageLink, RichText } from '../../components/rich-text';
import { TextArea, TextInput } from '../../components/text-field';
import { useHydrated } from '../../hooks/use-hydrated';
import { usePeriodText } from '../../hooks/use-period-text';
import { sendContactMessage, type ContactFieldErrors } from './send-contact-message';

type Status = { state: 'idle' } | { state: 'sending' } | { state: 'done'; text: string };

const fieldOrder: ContactField[] = ['name', 'email', 'subject', 'message'];

/** SPEC 4: the status text is green when it reports success, in any of the three languages. */
export const isSuccessText = (text: string) => /erfolgreich|successfully|succès/.test(text);

/** The form's fields as the browser holds them: the honeypot and the hidden language included. */
const valuesOf = (form: HTMLFormElement): Record<string, string> =>
  Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, typeof value === 'string' ? value : '']));

/**
 * The contact form (SPEC 4 and 5). Its fields keep their values in the page,
 * not in React state: what a visitor types before the app has started stays
 * when it starts, and without scripts the browser posts the form itself.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation('contact-form');
  const period = usePeriodText();
  const language = i18n.resolvedLanguage ?? 'de';
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  // Until the app runs, the browser checks the fields (required, e-mail, length) and posts the form itself.
  const hydrated = useHydrated();

  const errorText = (field: ContactField) => {
    const key = errors[field];
    return key
      ? t(($) => $.errors[key as keyof typeof $.errors], { max: contactLimits[field as keyof typeof contactLimits] })
      : undefined;
  };

  // SPEC 4: a field's error clears when the visitor edits that field.
  const clearError = (field: ContactField) => () =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  /** What every field shares: its name, label, length limit (the schema's), error and clearing. */
  const fieldProps = (field: Exclude<ContactField, 'website' | 'language'>) => ({
    name: field,
    label: t(($) => $.fields[field]),
    maxLength: contactLimits[field],
    onChange: clearError(field),
    error: errorText(field),
  });

  const showErrors = (fields: ContactFieldErrors) => {
    setErrors(fields);
    const first = fieldOrder.find((field) => fields[field]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'sending') return;
    const form = event.currentTarget;
    const payload = { ...valuesOf(form), language };
    const check = checkContactMessage(payload);
    if (!check.success) {
      showErrors(check.fields);
      return;
    }
    setStatus({ state: 'sending' });
    const result = await sendContactMessage(payload);
    if (result.ok) {
      form.reset();
      setStatus({ state: 'done', text: t(($) => $.messageSentSuccess) });
      return;
    }
    console.error('Failed to send contact message:', result.error);
    if (result.fields) showErrors(result.fields);
    setStatus({ state: 'done', text: t(($) => $.messageSendFailed) });
  };

  const sending = status.state === 'sending';
  return (
    <form
      ref={formRef}
      method="post"
      action="/send-contact.php"
      noValidate={hydrated}
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-describedby="contact-form-required"
    >
      <input type="hidden" name="language" value={language} />
      <p id="contact-form-required" className="text-sm text-ink-muted">
        {t(($) => $.requiredHint)}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput {...fieldProps('name')} autoComplete="name" required />
        <TextInput {...fieldProps('email')} type="email" autoComplete="email" required />
      </div>
      <TextInput {...fieldProps('subject')} />
      <TextArea {...fieldProps('message')} required rows={6} />
      {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus (WCAG 2.4.3). */}
        <button type="submit" className="button button-primary self-start" aria-disabled={sending || undefined}>
          {sending ? t(($) => $.sending) : t(($) => $.send)}
        </button>
        <p
          role="status"
          className={`font-medium ${status.state === 'done' && isSuccessText(status.text) ? 'text-success' : 'text-danger'}`}
        >
          {status.state === 'done' ? status.text : ''}
          {sending && <span className="sr-only">{t(($) => $.sending)}</span>}
        </p>
      </div>
      <p className="text-sm text-ink-muted">
        <RichText
          text={t(($) => $.privacyNotice, { period: period(retention.contactMessages) })}
          elements={{ privacy: pageLink('privacy') }}
        />
      </p>
    </form>
  );
}
