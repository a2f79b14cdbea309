// The page's part. The route's part (data and head) is in route-data.ts, so
// that every other page's bundle stays free of the job board.
export { JobBoard } from './job-board';
