import { Trans, useTranslation } from 'react-i18next';
import { company } from '../../../common/company';
import { usePageHref } from '../../hooks/use-page-href';

/** The empty state of docs/product.md#jobs: 'no openings', the talent-pipeline and the stay-connected notes. */
export function NoOpenings() {
  const { t } = useTranslation('jobs');
  const href = usePageHref();
  return (
    <div className="card max-w-3xl">
      <h2 className="text-xl font-semibold text-ink">{t(($) => $.empty.title)}</h2>
      <p className="mt-3 leading-relaxed text-ink-muted">{t(($) => $.empty.talentPipeline)}</p>
      <p className="mt-3 leading-relaxed text-ink-muted">
        <Trans
          t={t}
          i18nKey={($) => $.empty.stayConnected}
          components={{
            // Trans puts the translated words inside the link.
            // eslint-disable-next-line jsx-a11y/anchor-has-content
            contactLink: <a href={href('contact')} className="text-link" />,
            mailLink: (
              <a href={`mailto:${company.careerEmail}`} className="text-link wrap-break-word">
                {company.careerEmail}
              </a>
            ),
          }}
        />
      </p>
    </div>
  );
}
