import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '../../../common/api-paths';
import { checkContactMessage, contactForm, type ContactField } from '../../../common/forms/contact-form';
import { hiddenField, visibleFields, type FieldControl, type FormField } from '../../../common/forms/form-fields';
import { retention } from '../../../common/retention';
import { pageLink, RichText } from '../../components/rich-text';
import { TextArea, TextInput } from '../../components/text-field';
import { useHydrated } from '../../hooks/use-hydrated';
import { usePageLanguage } from '../../hooks/use-page-href';
import { usePeriodText } from '../../hooks/use-period-text';
import { sendContactMessage, type ContactFieldErrors } from './send-contact-message';

type Status = { state: 'idle' } | { state: 'sending' } | { state: 'done'; sent: boolean; text: string };

type VisibleField = FormField & { control: FieldControl };

/** The fields a visitor fills in, in the description's order: two half-width ones share a row on wide screens. */
const rows = visibleFields(contactForm).reduce<VisibleField[][]>((all, field) => {
  const last = all.at(-1);
  if (field.control.width === 'half' && last?.length === 1 && last[0]?.control.width === 'half') last.push(field);
  else all.push([field]);
  return all;
}, []);
const fieldOrder = rows.flat().map((field) => field.name as ContactField);

/** The form's fields as the browser holds them: the honeypot and the hidden language included. */
const valuesOf = (form: HTMLFormElement): Record<string, string> =>
  Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, typeof value === 'string' ? value : '']));

/**
 * The contact form (docs/product.md#contact). Its fields keep their values in the page,
 * not in React state: what a visitor types before the app has started stays
 * when it starts, and without scripts the browser posts the form itself.
 */
export function ContactForm() {
  const { t } = useTranslation('contact-form');
  const period = usePeriodText();
  const language = usePageLanguage();
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  // Until the app runs, the browser checks the fields (required, e-mail, length) and posts the form itself.
  const hydrated = useHydrated();

  const errorText = ({ name, control }: VisibleField) => {
    const key = errors[name as ContactField];
    return key ? t(($) => $.errors[key as keyof typeof $.errors], { max: control.maxLength }) : undefined;
  };

  // docs/product.md#contact: a field's error clears when the visitor edits that field.
  const clearError = (field: ContactField) => () =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  /** A field as its description says: name, label, type, required, length limit and autofill, with its error and clearing. */
  const control = (field: VisibleField) => {
    const { type, required, maxLength, autoComplete } = field.control;
    const props = {
      name: field.name,
      label: t(($) => $.fields[field.name as keyof typeof $.fields]),
      required,
      maxLength,
      autoComplete,
      onChange: clearError(field.name as ContactField),
      error: errorText(field),
    };
    return type === 'textarea' ? (
      <TextArea key={field.name} {...props} rows={6} />
    ) : (
      <TextInput key={field.name} {...props} type={type} />
    );
  };

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
      setStatus({ state: 'done', sent: true, text: t(($) => $.messageSentSuccess) });
      return;
    }
    console.error('Failed to send contact message:', result.error);
    if (result.fields) showErrors(result.fields);
    setStatus({ state: 'done', sent: false, text: t(($) => $.messageSendFailed) });
  };

  const sending = status.state === 'sending';
  return (
    <form
      ref={formRef}
      method="post"
      action={apiPaths.contact}
      noValidate={hydrated}
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-describedby="contact-form-required"
    >
      <input type="hidden" name={hiddenField(contactForm, 'language')} value={language} />
      <p id="contact-form-required" className="text-sm text-ink-muted">
        {t(($) => $.requiredHint)}
      </p>
      {rows.map((row) =>
        row.length > 1 ? (
          <div key={row.map((field) => field.name).join()} className="grid gap-5 sm:grid-cols-2">
            {row.map(control)}
          </div>
        ) : (
          row.map(control)
        ),
      )}
      {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name={hiddenField(contactForm, 'honeypot')} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus (WCAG 2.4.3). */}
        <button type="submit" className="button button-primary self-start" aria-disabled={sending || undefined}>
          {sending ? t(($) => $.sending) : t(($) => $.send)}
        </button>
        {/* docs/product.md#contact: green when it reports success ('erfolgreich', 'successfully', 'succès'), in every language. */}
        <p
          role="status"
          className={`font-medium ${status.state === 'done' && status.sent ? 'text-success' : 'text-danger'}`}
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
