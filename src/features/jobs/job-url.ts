import type { Language } from '../../../common/languages';
import { languageParam, pageHref } from '../../../common/page-urls';

/** DESIGN difference 3: the open job lives in `?job=<id>` on the jobs page of its language. */
export const jobParam = 'job';

/**
 * A job's address in a language, or the list's (`id` null), keeping the other
 * parameters of `search`.
 */
export function jobHref(id: string | null, lng: Language, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete(jobParam);
  params.delete(languageParam);
  return pageHref('jobs', lng, {
    variant: { ...(id === null ? {} : { [jobParam]: id }), ...Object.fromEntries(params) },
  });
}

/** History state of a detail opened from the list: Back can then simply go back. */
export interface JobLinkState {
  fromList?: boolean;
  /** Set when a link named a job that is no longer advertised. */
  unknownJob?: boolean;
}
