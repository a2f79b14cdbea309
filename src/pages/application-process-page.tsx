import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';
import { retention } from '../../common/retention';
import { applicationRecipient } from '../../common/services';
import { ButtonLink, buttonClasses } from '../components/button-link';
import { CheckIcon, MailIcon } from '../components/icons';
import { StepList } from '../components/step-list';
import { PageHeader } from '../components/page-header';
import { mailtoLink, pageLink, RichText } from '../components/rich-text';
import { Section } from '../components/section';
import { ServedAlternatives } from '../components/served-alternatives';
import { useServiceTexts } from '../features/consent/service-texts';
import { usePeriodText } from '../hooks/use-period-text';
import type texts from '../content/locales/de/application-process.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    'application-process': typeof texts;
  }
}

const links = {
  mail: mailtoLink(company.careerEmail),
  privacy: pageLink('privacy', 'applications'),
};

const prose = 'max-w-3xl space-y-4 text-lg leading-relaxed text-ink-muted';

/**
 * How to apply. Without a jobs feed, every application comes by e-mail; with JOBS_FEED_URL, an
 * advertised position's "Apply now" leads to Personio's form and only speculative applications
 * come by e-mail (served setting `jobs-source`).
 */
export default function ApplicationProcessPage() {
  const { t } = useTranslation('application-process');
  const period = usePeriodText();
  const { operator } = useServiceTexts();
  const subjectFormat = t(($) => $.subject.format);
  const mailButton = (
    <a
      href={`mailto:${company.careerEmail}?subject=${encodeURIComponent(subjectFormat)}`}
      className={`${buttonClasses.primary} mt-6`}
    >
      <MailIcon />
      {t(($) => $.email.button)}
    </a>
  );
  const recipient = { name: applicationRecipient.name, operator: operator(applicationRecipient.operator) };
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <ServedAlternatives setting="jobs-source">
        {(source) =>
          source === 'personio' ? (
            <Section title={t(($) => $.online.title)}>
              <div className={prose}>
                <p>
                  <RichText text={t(($) => $.online.form, recipient)} elements={links} />
                </p>
                <p>
                  <RichText text={t(($) => $.online.speculative)} elements={links} />
                </p>
              </div>
              {mailButton}
            </Section>
          ) : (
            <Section title={t(($) => $.email.title)}>
              <p className={prose}>
                <RichText text={t(($) => $.email.text)} elements={links} />
              </p>
              {mailButton}
            </Section>
          )
        }
      </ServedAlternatives>
      <Section title={t(($) => $.subject.title)} intro={t(($) => $.subject.text)} className="bg-surface-sunken">
        <p className="max-w-3xl rounded-xl border-l-4 border-brand bg-surface-raised px-5 py-4 text-lg font-semibold text-ink sm:text-xl">
          {subjectFormat}
        </p>
        <p className="mt-4 text-ink-muted">
          {t(($) => $.subject.exampleLabel)} <span className="font-medium text-ink">{t(($) => $.subject.example)}</span>
        </p>
        <p className="mt-4 max-w-3xl text-ink-muted">{t(($) => $.subject.speculative)}</p>
      </Section>
      <Section title={t(($) => $.documents.title)} intro={t(($) => $.documents.intro)}>
        <ul className="max-w-3xl space-y-3 text-lg">
          {t(($) => $.documents.items, { returnObjects: true }).map((item) => (
            <li key={item} className="flex gap-3 text-ink-muted">
              <CheckIcon className="mt-1 shrink-0 text-brand" />
              <span>
                <RichText text={item} />
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-ink-muted">{t(($) => $.documents.note)}</p>
      </Section>
      <Section title={t(($) => $.dataProtection.title)} className="bg-surface-sunken">
        <div className={prose}>
          {t(($) => $.dataProtection.paragraphs, { returnObjects: true }).map((paragraph) => (
            <p key={paragraph}>
              <RichText text={paragraph} elements={links} />
            </p>
          ))}
          <ServedAlternatives setting="jobs-source">
            {(source) => (source === 'personio' ? <p>{t(($) => $.dataProtection.processor, recipient)}</p> : null)}
          </ServedAlternatives>
        </div>
      </Section>
      <Section title={t(($) => $.selection.title)} intro={t(($) => $.selection.intro)}>
        <StepList columns={3} steps={t(($) => $.selection.steps, { returnObjects: true })} />
      </Section>
      <Section title={t(($) => $.feedback.title)} className="bg-surface-sunken">
        <p className={prose}>
          <RichText text={t(($) => $.feedback.text)} elements={links} />
        </p>
      </Section>
      <Section title={t(($) => $.deletion.title)}>
        <p className={prose}>{t(($) => $.deletion.text, { period: period(retention.applications) })}</p>
      </Section>
      <Section title={t(($) => $.next.title)} intro={t(($) => $.next.text)} className="bg-surface-sunken">
        <ButtonLink to="jobs">{t(($) => $.next.jobsLink)}</ButtonLink>
      </Section>
    </>
  );
}
