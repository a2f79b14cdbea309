import { useTranslation } from 'react-i18next';

/** The loading and error states of SPEC 4; the error is SPEC 8's, in red, with a retry. */
export function JobsStatus({ status, onRetry }: { status: 'loading' | 'error'; onRetry: () => void }) {
  const { t } = useTranslation('jobs');
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
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t(($) => $.status.retry)}
      </button>
    </div>
  );
}
