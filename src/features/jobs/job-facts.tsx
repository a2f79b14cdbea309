import { useTranslation } from 'react-i18next';
import type { JobCard, JobsSource } from '../../../common/jobs';
import { MapPinIcon } from '../../components/icons';
import { departments, type Department } from '../../content/jobs/jobs';

/** A job's department as the page names it: the departments of docs/product.md#jobs translated, the feed's in its own words. */
export function useDepartmentLabel(source: JobsSource): (department: string) => string {
  const { t } = useTranslation('jobs');
  return (department) =>
    source === 'built-in' && (departments as readonly string[]).includes(department)
      ? t(($) => $.departments[department as Department])
      : department;
}

/** "52.000–64.000 € brutto im Jahr" in the page's language, or null without a known salary. */
function usePayText(pay: JobCard['pay']): string | null {
  const { t } = useTranslation('jobs');
  if (!pay) return null;
  return pay.floorOnly
    ? t(($) => $.salary.floor[pay.unit], { range: pay.range })
    : t(($) => $.salary.range[pay.unit], { range: pay.range });
}

/** Department, location, working time, contract and pay of a job: the fields of docs/product.md#jobs and EU pay transparency. */
export function JobFacts({ job, source, className = '' }: { job: JobCard; source: JobsSource; className?: string }) {
  const { t } = useTranslation('jobs');
  const departmentLabel = useDepartmentLabel(source);
  const salary = usePayText(job.pay);
  const type = [
    job.schedule && t(($) => $.schedules[job.schedule as NonNullable<JobCard['schedule']>]),
    job.contract &&
      job.contract !== 'permanent' &&
      t(($) => $.contracts[job.contract as NonNullable<JobCard['contract']>]),
  ]
    .filter(Boolean)
    .join(' · ');
  const facts = [
    {
      key: 'department',
      label: t(($) => $.facts.department),
      value: job.department && departmentLabel(job.department),
      className: 'font-semibold text-accent',
    },
    { key: 'location', label: t(($) => $.facts.location), value: job.location, className: '' },
    { key: 'type', label: t(($) => $.facts.type), value: type, className: '' },
    { key: 'salary', label: t(($) => $.facts.salary), value: salary, className: 'font-semibold text-ink' },
  ].filter((fact) => fact.value);
  return (
    <dl className={`flex flex-wrap gap-x-5 gap-y-2 text-ink-muted ${className}`}>
      {facts.map((fact) => (
        <div key={fact.key}>
          <dt className="sr-only">{fact.label}</dt>
          <dd className={`flex items-center gap-1.5 ${fact.className}`}>
            {fact.key === 'location' && <MapPinIcon width={16} height={16} />}
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
