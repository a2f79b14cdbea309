import { useTranslation } from 'react-i18next';
import { isPlainClick } from '../../hooks/follow-link';
import { usePageLanguage } from '../../hooks/use-page-href';
import { ArrowRightIcon } from '../../components/icons';
import type { Job } from '../../content/jobs/jobs';
import { JobFacts } from './job-facts';
import { jobHref } from './job-url';
import { NoOpenings } from './no-openings';

/** The cards of the selected department, or the empty state. */
export function JobList({
  jobs,
  search,
  cardLinkRef,
  onOpen,
}: {
  jobs: readonly Job[];
  /** The address's query, whose other parameters the job links keep. */
  search: string;
  /** Lets the board move focus back to a job's card after its detail closes. */
  cardLinkRef: (id: string, element: HTMLAnchorElement | null) => void;
  /** Opens a job in place; a link opened in a new tab loads its prerendered page. */
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('jobs');
  const lng = usePageLanguage();
  if (jobs.length === 0) return <NoOpenings />;
  return (
    <>
      <p className="text-ink-muted">{t(($) => $.count, { count: jobs.length })}</p>
      <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {jobs.map((job) => (
          <li key={job.id}>
            <article className="card relative flex h-full flex-col transition-[border-color] hover:border-brand has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-focus">
              <h2 className="text-xl font-semibold text-ink">
                <a
                  ref={(element) => cardLinkRef(job.id, element)}
                  href={jobHref(job.id, lng, search)}
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    onOpen(job.id);
                  }}
                  className="outline-none after:absolute after:inset-0 after:rounded-2xl"
                >
                  {job.title}
                </a>
              </h2>
              <JobFacts job={job} className="mt-3 text-sm" />
              <p className="mt-4 leading-relaxed text-ink-muted">{job.summary}</p>
              <span aria-hidden="true" className="mt-auto flex items-center gap-1 pt-6 font-semibold text-brand">
                {t(($) => $.card.details)}
                <ArrowRightIcon width={18} height={18} />
              </span>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
