import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { company } from '../../../common/company';
import { serializeJsonLd } from '../../../common/escape-html';
import { jobCard, type Job, type JobsSource } from '../../../common/jobs';
import { applicationRecipient } from '../../../common/services';
import { ChevronLeftIcon } from '../../components/icons';
import { usePageHref, usePageLanguage } from '../../hooks/use-page-href';
import { JobFacts } from './job-facts';
import { jobPosting, type JobPostingLabels } from './job-posting-json-ld';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ListSection({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <Section title={title}>
      <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed marker:text-brand">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * One job in full on its own page (its title is the page's h1), with its Back and
 * Apply now (docs/product.md#jobs). Back is a button in a GET form that leads to the list.
 * Apply now leads to the application process page (built-in jobs, again a GET
 * form), or to the position's form at Personio: a link, since no form of this
 * site posts to another (`form-action 'self'`). The JobPosting is here only.
 */
export function JobDetail({ job, source, siteUrl }: { job: Job; source: JobsSource; siteUrl: string }) {
  const { t } = useTranslation('jobs');
  const href = usePageHref();
  const howToApplyId = useId();
  const lng = usePageLanguage();
  // The subject names the position as the application page's example does, without the gender marker ("(m/w/d)").
  const subject = t(($) => $.detail.applicationSubject, {
    title: job.title.replace(/\s*\(\p{L}\/\p{L}\/\p{L}\)$/u, ''),
  });
  const labels: JobPostingLabels = {
    keyResponsibilities: t(($) => $.detail.keyResponsibilities),
    supportingResponsibilities: t(($) => $.detail.supportingResponsibilities),
    requirements: t(($) => $.detail.requirements),
    benefits: t(($) => $.detail.benefits),
    howToApply: t(($) => $.detail.howToApply),
    howToApplyText: job.applyUrl
      ? t(($) => $.detail.howToApplyOnline, { name: applicationRecipient.name })
      : t(($) => $.detail.howToApplyText, { subject }).replace(/<\/?mailLink>/g, ''),
  };
  const mailto = `mailto:${company.careerEmail}?subject=${encodeURIComponent(subject)}`;
  const otherLanguage = job.lang === lng ? undefined : job.lang;

  return (
    <div className="grid grid-cols-1 gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="max-w-3xl">
        <form method="get" action={href('jobs')}>
          <button type="submit" className="button button-secondary">
            <ChevronLeftIcon />
            {t(($) => $.detail.back)}
          </button>
        </form>
        {otherLanguage && <p className="card mt-8 border-accent text-ink">{t(($) => $.detail.germanOnly)}</p>}
        <div lang={otherLanguage}>
          <JobFacts job={jobCard(job, lng)} source={source} className="mt-8" />
          {job.body.kind === 'lists' ? (
            <>
              <p className="mt-6 text-lg leading-relaxed text-ink">{job.body.description}</p>
              <ListSection title={labels.keyResponsibilities} items={job.body.keyResponsibilities} />
              <ListSection title={labels.supportingResponsibilities} items={job.body.supportingResponsibilities} />
              <ListSection title={labels.requirements} items={job.body.requirements} />
              <ListSection title={labels.benefits} items={job.body.benefits} />
            </>
          ) : (
            job.body.sections.map((section) => (
              <Section key={section.title} title={section.title}>
                {/* The feed's HTML, sanitized to an allow-list when it was read (server/jobs/job-html.ts). */}
                <div className="job-text mt-4 leading-relaxed" dangerouslySetInnerHTML={{ __html: section.html }} />
              </Section>
            ))
          )}
        </div>
      </div>
      <section aria-labelledby={howToApplyId} className="card self-start bg-surface-sunken lg:sticky lg:top-24">
        <h2 id={howToApplyId} className="text-xl font-semibold text-ink">
          {labels.howToApply}
        </h2>
        {job.applyUrl ? (
          <>
            <p className="mt-3 leading-relaxed text-ink">{labels.howToApplyText}</p>
            <a href={job.applyUrl} className="button button-primary mt-6 w-full">
              {t(($) => $.detail.applyNow)}
            </a>
          </>
        ) : (
          <>
            <p className="mt-3 leading-relaxed text-ink">
              <Trans
                t={t}
                i18nKey={($) => $.detail.howToApplyText}
                values={{ subject }}
                components={{
                  mailLink: (
                    <a href={mailto} className="text-link wrap-break-word">
                      {company.careerEmail}
                    </a>
                  ),
                }}
              />
            </p>
            <form method="get" action={href('application-process')} className="mt-6">
              <button type="submit" className="button button-primary w-full">
                {t(($) => $.detail.applyNow)}
              </button>
            </form>
          </>
        )}
        {/* EU Directive 2023/970, Art. 5(2): said where every applicant reads it, Personio's applicants too. */}
        <p className="mt-4 text-sm leading-relaxed text-ink-muted">{t(($) => $.detail.payHistory)}</p>
      </section>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(jobPosting(job, { lng, siteUrl, labels })) }}
      />
    </div>
  );
}
