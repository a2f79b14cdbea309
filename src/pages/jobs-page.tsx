import { useTranslation } from 'react-i18next';
import { jobCard } from '../../common/jobs';
import { Island } from '../app/islands/island';
import { usePage } from '../app/page-context';
import { renderedSiteUrl } from '../app/site-url';
import { ButtonLink } from '../components/button-link';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';
import { builtInBoard } from '../content/jobs/built-in-jobs';
import { JobDetail } from '../features/jobs/job-detail';

/**
 * The open positions, and each job on a page of its own (`?job=<id>`), with its
 * title as the page's h1. A job the feed no longer lists is a page saying the
 * position is filled (served with 410), without a JobPosting.
 */
export default function JobsPage() {
  const { t } = useTranslation('jobs');
  const { variant, lng, jobs = builtInBoard(lng) } = usePage();
  if (variant.job === undefined) {
    return (
      <>
        <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
        <Container className="py-12 sm:py-16">
          <Island
            name="job-board"
            props={{
              source: jobs.source,
              state: jobs.state,
              jobs: jobs.jobs.map((job) => jobCard(job, lng)),
              feedDepartments: [...(jobs.feedDepartments ?? [])],
            }}
            className="block"
          />
        </Container>
      </>
    );
  }
  const job = jobs.jobs.find((candidate) => candidate.id === variant.job);
  if (!job) {
    return (
      <>
        <PageHeader title={t(($) => $.filled.title)} lead={t(($) => $.filled.text)}>
          <div className="mt-8">
            <ButtonLink to="jobs">{t(($) => $.filled.link)}</ButtonLink>
          </div>
        </PageHeader>
      </>
    );
  }
  return (
    <>
      <PageHeader title={job.title} titleLang={job.lang === lng ? undefined : job.lang} />
      <Container className="py-12 sm:py-16">
        <JobDetail job={job} source={jobs.source} siteUrl={renderedSiteUrl()} />
      </Container>
    </>
  );
}
