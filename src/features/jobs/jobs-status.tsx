import { useTranslation } from 'react-i18next';
import { usePageLanguage } from '../../hooks/use-page-href';
import { jobHref } from './job-url';

/**
 * The loading and error states of docs/product.md#jobs: the feed not read yet (its first read is
 * under way), or never read successfully (the error, in red). "Try again"
 * loads the page again, which works without JavaScript too.
 */
export function JobsStatus({ status }: { status: 'loading' | 'error' }) {
  const { t } = useTranslation('jobs');
  const lng = usePageLanguage();
  if (status === 'loading') {
    return (
      <p role="status" className="flex items-center gap-3 py-8 text-ink-muted">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-line-strong border-t-brand motion-reduce:animate-none"
        />
        {t(($) => $.status.loading)}
      </p>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-4 py-8">
      <p className="font-semibold text-danger">{t(($) => $.status.error)}</p>
      <a href={jobHref(null, lng)} className="button button-secondary">
        {t(($) => $.status.retry)}
      </a>
    </div>
  );
}
