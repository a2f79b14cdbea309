import { useTranslation } from 'react-i18next';
import { MapPinIcon } from '../../components/icons';
import type { Job } from '../../content/jobs/jobs';

/** Department, location and type of a job: SPEC 3's card fields. */
export function JobFacts({ job, className = '' }: { job: Job; className?: string }) {
  const { t } = useTranslation('jobs');
  const facts = [
    {
      key: 'department',
      label: t(($) => $.facts.department),
      value: t(($) => $.departments[job.department]),
      className: 'font-semibold text-accent',
    },
    { key: 'location', label: t(($) => $.facts.location), value: job.location, className: '' },
    {
      key: 'type',
      label: t(($) => $.facts.type),
      value: t(($) => $.employmentTypes[job.employmentType]),
      className: '',
    },
  ];
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
