import type { JobCard, JobsSource, JobsState } from '../../../common/jobs';
import { JobBoard } from '../../features/jobs/job-board';

export const namespaces = ['jobs'] as const;

/** The list of open positions with its department filter: the cards' data comes with the page, never a job's full text. */
export default function JobBoardIsland(props: { source: JobsSource; state: JobsState; jobs: JobCard[] }) {
  return <JobBoard {...props} />;
}
