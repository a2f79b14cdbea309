import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistoryState } from '../../hooks/use-history-state';
import { navigateInPlace, useLocationSearch } from '../../hooks/use-location-search';
import { usePageLanguage } from '../../hooks/use-page-href';
import { DepartmentTabs, tabId, type DepartmentFilter } from './department-tabs';
import { JobDetail } from './job-detail';
import { JobList } from './job-list';
import { jobHref, jobParam, type JobLinkState } from './job-url';
import { jobsStore as defaultStore, type JobsStore } from './jobs-store';
import { JobsStatus } from './jobs-status';
import { useJobs } from './use-jobs';

/** The query the page is prerendered for: its job. */
const prerenderedSearch = (jobId: string | null) =>
  jobId === null ? '' : `?${new URLSearchParams({ [jobParam]: jobId })}`;

/**
 * SPEC 4's jobs page states: loading, error, list (filtered by department)
 * and detail. The open job is `?job=<id>` (DESIGN difference 3): every job is
 * prerendered at its own address, and the board opens and closes jobs in place,
 * so the filter stays and the browser's back button returns to the list.
 */
export function JobBoard({
  jobId,
  siteUrl,
  store = defaultStore,
  onShowJob,
}: {
  /** The job the page was rendered for; null for the list. */
  jobId: string | null;
  siteUrl: string;
  store?: JobsStore;
  /** Told when the board shows another job or the list in place, e.g. to retitle the page. */
  onShowJob?: (jobId: string | null) => void;
}) {
  const { t } = useTranslation('jobs');
  const lng = usePageLanguage();
  const { state, retry } = useJobs(store);
  const search = useLocationSearch(prerenderedSearch(jobId));
  const linkState = useHistoryState<JobLinkState>() ?? {};
  const [department, setDepartment] = useState<DepartmentFilter>('all');
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;

  const requestedId = new URLSearchParams(search).get(jobParam);
  const jobs = state.status === 'ready' ? state.jobs : null;
  const openJob = (requestedId && jobs?.find((job) => job.id === requestedId)) || null;
  const unknownJob = requestedId !== null && jobs !== null && openJob === null;

  // A link to a job that is gone shows the list, as the server does for it;
  // the address then drops the stale id and the list explains why.
  useEffect(() => {
    if (unknownJob)
      navigateInPlace(jobHref(null, lng, search), {
        replace: true,
        state: { unknownJob: true } satisfies JobLinkState,
      });
  }, [unknownJob, lng, search]);

  // Focus follows the view: to the detail's heading when a job opens, back to
  // its card when the list returns (Back or the browser's back button).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardLinks = useRef(new Map<string, HTMLAnchorElement>());
  const shownJobId = useRef(requestedId);
  const latestOnShowJob = useRef(onShowJob);
  useEffect(() => {
    latestOnShowJob.current = onShowJob;
  });
  useEffect(() => {
    const previous = shownJobId.current;
    shownJobId.current = requestedId;
    if (previous === requestedId) return;
    latestOnShowJob.current?.(requestedId);
    if (requestedId) headingRef.current?.focus();
    else if (previous) cardLinks.current.get(previous)?.focus();
  }, [requestedId]);

  const cardLinkRef = useCallback((id: string, element: HTMLAnchorElement | null) => {
    if (element) cardLinks.current.set(id, element);
    else cardLinks.current.delete(id);
  }, []);

  const openInPlace = (id: string) =>
    navigateInPlace(jobHref(id, lng, search), { state: { fromList: true } satisfies JobLinkState });

  const onBack = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (linkState.fromList) window.history.back();
    else navigateInPlace(jobHref(null, lng, search));
  };

  if (requestedId !== null && !unknownJob) {
    if (openJob) return <JobDetail job={openJob} siteUrl={siteUrl} headingRef={headingRef} onBack={onBack} />;
    return <JobsStatus status={state.status === 'error' ? 'error' : 'loading'} onRetry={retry} />;
  }

  const shown = jobs?.filter((job) => department === 'all' || job.department === department) ?? [];
  return (
    <>
      {linkState.unknownJob && <p className="card mb-8 border-accent text-ink">{t(($) => $.unknownJob)}</p>}
      <DepartmentTabs value={department} onChange={setDepartment} idPrefix={idPrefix} panelId={panelId} />
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(idPrefix, department)}
        // WAI-ARIA tabs pattern: the panel is a tab stop, its first content (the count) is not focusable.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="mt-8 rounded-lg"
      >
        {jobs ? (
          <JobList jobs={shown} search={search} cardLinkRef={cardLinkRef} onOpen={openInPlace} />
        ) : (
          <JobsStatus status={state.status === 'error' ? 'error' : 'loading'} onRetry={retry} />
        )}
      </div>
    </>
  );
}
