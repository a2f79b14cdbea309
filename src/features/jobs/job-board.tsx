import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepartmentChoice, JobCard, JobsSource, JobsState } from '../../../common/jobs';
import { departments } from '../../content/jobs/jobs';
import { usePageLanguage } from '../../hooks/use-page-href';
import { allDepartments, DepartmentTabs, tabId, type DepartmentTab } from './department-tabs';
import { useDepartmentLabel } from './job-facts';
import { JobAlertsForm } from './job-alerts-form';
import { JobList } from './job-list';
import { JobsStatus } from './jobs-status';

/**
 * The list of open positions (docs/product.md#jobs) with its department filter, and its loading,
 * error and empty states. The jobs come with the page (built in, or the feed's
 * as the server last read it); each card links to its job's own page.
 */
export function JobBoard({
  source,
  state,
  jobs,
  feedDepartments = [],
}: {
  source: JobsSource;
  state: JobsState;
  jobs: readonly JobCard[];
  /** The departments the feed has named besides the product's, for the job alerts. */
  feedDepartments?: readonly DepartmentChoice[];
}) {
  const { t } = useTranslation('jobs');
  const lng = usePageLanguage();
  const departmentLabel = useDepartmentLabel(source);
  const [department, setDepartment] = useState(allDepartments);
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;

  // The job alerts are for every department the product names and the feed has named: one without an opening too.
  const alerts = (
    <JobAlertsForm
      departments={[...departments.map((key) => ({ key, name: t(($) => $.departments[key]) })), ...feedDepartments]}
    />
  );
  if (state !== 'ready')
    return (
      <>
        <JobsStatus status={state} />
        {alerts}
      </>
    );

  // The product's departments for the built-in jobs (docs/product.md#jobs); the feed's own, in its words and the page's alphabetical order.
  const collator = new Intl.Collator(lng);
  const named =
    source === 'built-in'
      ? [...departments]
      : [...new Set(jobs.map((job) => job.department).filter(Boolean))].sort(collator.compare);
  const tabs: DepartmentTab[] = [
    { value: allDepartments, label: t(($) => $.departments.all) },
    ...named.map((value) => ({ value, label: departmentLabel(value) })),
  ];
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === department),
  );
  const shown = jobs.filter((job) => department === allDepartments || job.department === department);
  if (jobs.length === 0 && source === 'personio')
    return (
      <>
        <JobList jobs={[]} source={source} />
        {alerts}
      </>
    );
  return (
    <>
      <DepartmentTabs tabs={tabs} value={department} onChange={setDepartment} idPrefix={idPrefix} panelId={panelId} />
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(idPrefix, selected)}
        // WAI-ARIA tabs pattern: the panel is a tab stop, its first content (the count) is not focusable.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="mt-8 rounded-lg"
      >
        <JobList jobs={shown} source={source} />
      </div>
      {alerts}
    </>
  );
}
