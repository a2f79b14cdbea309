import type { Language } from '../../../common/languages';
import { pageHref } from '../../../common/page-urls';

/** docs/contract.md#difference-3: a job's address is `?job=<id>` on the jobs page of its language. */
const jobParam = 'job';

/** A job's address in a language, or the list's (`id` null). */
export function jobHref(id: string | null, lng: Language): string {
  return pageHref('jobs', lng, { variant: id === null ? {} : { [jobParam]: id } });
}
