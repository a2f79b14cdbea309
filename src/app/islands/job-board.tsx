import type { DepartmentChoice, JobCard, JobsSource, JobsState } from '../../../common/jobs';
import { JobBoard } from '../../features/jobs/job-board';

// job-alerts: the job alerts' sign-up below the list.
export const namespaces = ['jobs', 'job-alerts'] as const;

/** The list of open positions with its department filter: the cards' data comes with the page, never a job's full text. */
export default function JobBoardIsland(props: {
  source: JobsSource;
  state: JobsState;
  jobs: JobCard[];
  feedDepartments?: DepartmentChoice[];
}) {
  return <JobBoard {...props} />;
}
