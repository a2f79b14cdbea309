/** DESIGN difference 3: the open job lives in `?job=<id>` on /jobs. */
export const jobParam = 'job';

export const jobsPath = '/jobs';

/**
 * A job's address, or the list's (`id` null), keeping the other parameters of
 * `search` (a chosen `?lng=` stays chosen).
 */
export function jobHref(id: string | null, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete(jobParam);
  const rest = params.toString();
  const query = [id === null ? '' : `${jobParam}=${encodeURIComponent(id)}`, rest].filter(Boolean).join('&');
  return `${jobsPath}${query ? `?${query}` : ''}`;
}

/** History state of a detail opened from the list: Back can then simply go back. */
export interface JobLinkState {
  fromList?: boolean;
  /** Set when a link named a job that is no longer advertised. */
  unknownJob?: boolean;
}
