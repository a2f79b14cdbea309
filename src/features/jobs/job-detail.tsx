import { useId, type FormEvent, type Ref } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { company } from '../../../common/company';
import { ChevronLeftIcon } from '../../components/icons';
import type { Job } from '../../content/jobs/jobs';
import { usePageHref, usePageLanguage } from '../../hooks/use-page-href';
import { JobFacts } from './job-facts';
import { jobPosting, serializeJsonLd } from './job-posting-json-ld';

function DetailSection({ title, items }: { title: string; items: readonly string[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h3 id={headingId} className="text-xl font-semibold text-ink">
        {title}
      </h3>
      <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed marker:text-brand">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One job in full, with SPEC 2's Back and Apply now. Both are real buttons in
 * GET forms, so they also work in the prerendered page without JavaScript.
 * The job title is the detail's h2: the page keeps its one h1.
 */
export function JobDetail({
  job,
  siteUrl,
  headingRef,
  onBack,
}: {
  job: Job;
  /** The site's base address for the JSON-LD (a placeholder while prerendering). */
  siteUrl: string;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation('jobs');
  const href = usePageHref();
  const headingId = useId();
  const howToApplyId = useId();
  const lng = usePageLanguage();
  const subject = t(($) => $.detail.applicationSubject, { title: job.title });
  const labels = {
    keyResponsibilities: t(($) => $.detail.keyResponsibilities),
    supportingResponsibilities: t(($) => $.detail.supportingResponsibilities),
    requirements: t(($) => $.detail.requirements),
    benefits: t(($) => $.detail.benefits),
    howToApply: t(($) => $.detail.howToApply),
    howToApplyText: t(($) => $.detail.howToApplyText, { subject }).replace(/<\/?mailLink>/g, ''),
  };
  const mailto = `mailto:${company.careerEmail}?subject=${encodeURIComponent(subject)}`;

  return (
    <article aria-labelledby={headingId} className="grid grid-cols-1 gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="max-w-3xl">
        <form method="get" action={href('jobs')} onSubmit={onBack}>
          <button type="submit" className="button button-secondary">
            <ChevronLeftIcon />
            {t(($) => $.detail.back)}
          </button>
        </form>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="mt-8 text-3xl font-bold tracking-tight text-ink sm:text-4xl"
        >
          {job.title}
        </h2>
        <JobFacts job={job} className="mt-4" />
        <p className="mt-6 text-lg leading-relaxed text-ink">{job.description}</p>
        <DetailSection title={labels.keyResponsibilities} items={job.keyResponsibilities} />
        <DetailSection title={labels.supportingResponsibilities} items={job.supportingResponsibilities} />
        <DetailSection title={labels.requirements} items={job.requirements} />
        <DetailSection title={labels.benefits} items={job.benefits} />
      </div>
      <section aria-labelledby={howToApplyId} className="card self-start bg-surface-sunken lg:sticky lg:top-24">
        <h3 id={howToApplyId} className="text-xl font-semibold text-ink">
          {labels.howToApply}
        </h3>
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
      </section>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(jobPosting(job, { lng, siteUrl, labels })) }}
      />
    </article>
  );
}
