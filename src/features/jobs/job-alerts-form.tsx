import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '../../../common/api-paths';
import { maxEmailOctets } from '../../../common/email-address';
import type { DepartmentChoice } from '../../../common/jobs';
import { pageLink, RichText } from '../../components/rich-text';
import { TextInput } from '../../components/text-field';
import { useHydrated } from '../../hooks/use-hydrated';
import { usePageLanguage } from '../../hooks/use-page-href';

type Status = { state: 'idle' } | { state: 'sending' } | { state: 'done'; sent: boolean; text: string };
type FieldErrors = Partial<Record<'email' | 'departments' | 'language', string>>;

/** The names the form posts, as common/forms/job-alerts-form.ts describes them (checked there by the form's test). */
export const jobAlertsFieldNames = { email: 'email', departments: 'departments', language: 'language' } as const;

async function postSignUp(payload: object): Promise<{ ok: true } | { ok: false; error: string; fields?: FieldErrors }> {
  try {
    const response = await fetch(apiPaths.jobAlerts, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => null)) as { error?: string; fields?: FieldErrors } | null;
    return { ok: false, error: body?.error ?? `http_${response.status}`, fields: body?.fields };
  } catch {
    return { ok: false, error: 'network_error' };
  }
}

/**
 * The job alerts' sign-up on the jobs page (docs/contract.md#job-alerts): an e-mail address
 * and, optionally, departments (none: every one), among them those no position is open in
 * yet. Without scripts the browser posts it and the server answers with a result page; once
 * the app runs, it is checked with the same description as on the server and sent as JSON.
 */
export function JobAlertsForm({ departments }: { departments: readonly DepartmentChoice[] }) {
  const { t } = useTranslation('job-alerts');
  const language = usePageLanguage();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const headingId = useId();
  const hintId = useId();
  const groupErrorId = useId();

  const errorText = (key: string | undefined) =>
    key ? t(($) => $.errors[key as keyof typeof $.errors], { max: departments.length }) : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'sending') return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const payload = {
      email: String(data.get(jobAlertsFieldNames.email) ?? ''),
      departments: data.getAll(jobAlertsFieldNames.departments).map(String),
      language,
    };
    // The description is shared with the server; it loads on the first submit, not with the page.
    const { checkJobAlertsSignup } = await import('../../../common/forms/job-alerts-form');
    const check = checkJobAlertsSignup(payload);
    if (!check.success) {
      setErrors(check.fields);
      if (check.fields.email) form.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
      return;
    }
    setErrors({});
    setStatus({ state: 'sending' });
    const result = await postSignUp(payload);
    if (result.ok) {
      form.reset();
      setStatus({ state: 'done', sent: true, text: t(($) => $.pending) });
      return;
    }
    console.error('Job alerts sign-up failed:', result.error);
    if (result.fields) setErrors(result.fields);
    setStatus({ state: 'done', sent: false, text: t(($) => $.failed) });
  };

  const sending = status.state === 'sending';
  return (
    <section aria-labelledby={headingId} className="card mt-12 max-w-3xl">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {t(($) => $.title)}
      </h2>
      <p className="mt-3 leading-relaxed text-ink-muted">{t(($) => $.description)}</p>
      <form
        method="post"
        action={apiPaths.jobAlerts}
        noValidate={hydrated}
        onSubmit={submit}
        className="mt-6 flex flex-col gap-5"
      >
        <input type="hidden" name={jobAlertsFieldNames.language} value={language} />
        <TextInput
          name={jobAlertsFieldNames.email}
          type="email"
          label={t(($) => $.fields.email)}
          required
          maxLength={maxEmailOctets}
          autoComplete="email"
          onChange={() => setErrors(({ email: _cleared, ...rest }) => rest)}
          error={errorText(errors.email)}
        />
        <fieldset
          aria-describedby={errors.departments ? `${hintId} ${groupErrorId}` : hintId}
          className="flex flex-col gap-2"
        >
          <legend className="font-medium text-ink">{t(($) => $.fields.departments)}</legend>
          <p id={hintId} className="text-sm text-ink-muted">
            {t(($) => $.departmentsHint)}
          </p>
          <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {departments.map((department) => (
              <li key={department.key}>
                <label className="flex items-start gap-2 text-ink">
                  <input
                    type="checkbox"
                    name={jobAlertsFieldNames.departments}
                    value={department.key}
                    onChange={() => setErrors(({ departments: _cleared, ...rest }) => rest)}
                    className="mt-1 h-4 w-4 shrink-0 accent-brand"
                  />
                  <span className="wrap-break-word">{department.name}</span>
                </label>
              </li>
            ))}
          </ul>
          {errors.departments && (
            <p id={groupErrorId} className="text-sm font-medium text-danger">
              {errorText(errors.departments)}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus (WCAG 2.4.3). */}
          <button type="submit" className="button button-primary self-start" aria-disabled={sending || undefined}>
            {sending ? t(($) => $.submitting) : t(($) => $.submit)}
          </button>
          <p
            role="status"
            className={`font-medium ${status.state === 'done' && status.sent ? 'text-success' : 'text-danger'}`}
          >
            {status.state === 'done' ? status.text : ''}
            {sending && <span className="sr-only">{t(($) => $.submitting)}</span>}
          </p>
        </div>
        <p className="text-sm text-ink-muted">
          <RichText text={t(($) => $.consent)} elements={{ privacy: pageLink('privacy') }} />
        </p>
      </form>
    </section>
  );
}
