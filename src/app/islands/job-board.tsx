import { useTranslation } from 'react-i18next';
import type { Language } from '../../../common/languages';
import { jobTextsSource } from '../../content/jobs/load-job-texts';
import { describeJob } from '../../features/jobs/describe-job';
import { JobBoard } from '../../features/jobs/job-board';
import { usePageLanguage } from '../../hooks/use-page-href';
import { jobsStore } from '../../features/jobs/jobs-store';
import { applyDocumentHead, describePage } from '../document-head';
import { renderedSiteUrl, siteUrlFromDocument } from '../site-url';

export const namespaces = ['jobs'] as const;

/** The job listings in the page's language: the list and every detail render from them. */
export async function prepare(lng: Language): Promise<void> {
  await jobsStore.load(lng);
  // The board then renders afresh and shows SPEC 8's error, with a retry.
  if (jobsStore.state(lng).status === 'error') throw new Error('Failed to load job listings');
}
export const preloads = (lng: Language) => [jobTextsSource(lng)];

/** The job board of /jobs; a job opened in place retitles the page as its own prerendered page is titled. */
export default function JobBoardIsland({ jobId }: { jobId: string | null }) {
  const { t } = useTranslation();
  const lng = usePageLanguage();
  const retitle = (shownId: string | null) => {
    const variant: Record<string, string> = shownId === null ? {} : { job: shownId };
    applyDocumentHead(
      describePage({
        t,
        pageId: 'jobs',
        lng,
        siteUrl: siteUrlFromDocument(),
        variant,
        variantHead: shownId === null ? undefined : describeJob(shownId, lng),
      }),
    );
  };
  return <JobBoard jobId={jobId} siteUrl={renderedSiteUrl()} onShowJob={retitle} />;
}
