import { useTranslation } from 'react-i18next';
import type { JobCard, JobsSource } from '../../../common/jobs';
import { ArrowRightIcon } from '../../components/icons';
import { usePageLanguage } from '../../hooks/use-page-href';
import { JobFacts } from './job-facts';
import { jobHref } from './job-url';
import { NoOpenings } from './no-openings';

/** The cards of the selected department, or the empty state. Each card links to its job's own page. */
export function JobList({ jobs, source }: { jobs: readonly JobCard[]; source: JobsSource }) {
  const { t } = useTranslation('jobs');
  const lng = usePageLanguage();
  if (jobs.length === 0) return <NoOpenings />;
  return (
    <>
      <p className="text-ink-muted">{t(($) => $.count, { count: jobs.length })}</p>
      <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {jobs.map((job) => (
          <li key={job.id}>
            <article
              // A position the feed has only in German says so to screen readers and spell checkers.
              lang={job.lang === lng ? undefined : job.lang}
              className="card relative flex h-full flex-col transition-[border-color] hover:border-brand has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-focus"
            >
              <h2 className="text-xl font-semibold text-ink wrap-break-word hyphens-auto">
                <a href={jobHref(job.id, lng)} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
                  {job.title}
                </a>
              </h2>
              <JobFacts job={job} source={source} className="mt-3 text-sm" />
              <p className="mt-4 leading-relaxed text-ink-muted">{job.summary}</p>
              <span aria-hidden="true" className="mt-auto flex items-center gap-1 pt-6 font-semibold text-brand">
                <span lang={lng}>{t(($) => $.card.details)}</span>
                <ArrowRightIcon width={18} height={18} />
              </span>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
