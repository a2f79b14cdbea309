/** DESIGN difference 3: the open job lives in `?job=<id>` on /jobs. */
export const jobParam = 'job';

export const jobsPath = '/jobs';

export const jobHref = (id: string) => `${jobsPath}?${jobParam}=${encodeURIComponent(id)}`;

/** History state of a detail opened from the list: Back can then simply go back. */
export interface JobLinkState {
  fromList?: boolean;
  /** Set when a link named a job that is no longer advertised. */
  unknownJob?: boolean;
}
