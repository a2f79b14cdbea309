export { JobBoard } from './job-board';
export { describeJob } from './describe-job';
export { jobsStore } from './jobs-store';
