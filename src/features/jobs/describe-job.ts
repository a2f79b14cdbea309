import { jobsStore } from './jobs-store';

/** A job's own title and description for the document head, once its language is loaded. */
export function describeJob(
  id: string | undefined,
  lng: string,
  store = jobsStore,
): { title: string; description: string } | undefined {
  const state = store.state(lng);
  const job = state.status === 'ready' ? state.jobs.find((candidate) => candidate.id === id) : undefined;
  return job && { title: job.title, description: job.summary };
}
