import { useTranslation } from 'react-i18next';
import { isFormResult, type FormResult } from '../../common/form-results';
import { usePage } from '../app/page-context';
import { ButtonLink } from '../components/button-link';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';
import { retention } from '../../common/retention';
import { usePeriodText } from '../hooks/use-period-text';

/** Results that send the visitor back to a form rather than on through the site. */
const backToForm: ReadonlySet<FormResult> = new Set([
  'invalid',
  'too-large',
  'unsupported',
  'cross-site',
  'too-many',
  'failed',
]);

/** What became of a form sent without JavaScript (common/form-results.ts): one prerendered page per result. */
export default function FormResultPage() {
  const { t } = useTranslation('form-result');
  const { t: tCommon } = useTranslation();
  const period = usePeriodText();
  const { variant } = usePage();
  const status = isFormResult(variant.status) ? variant.status : null;
  const result = status
    ? t(($) => $.results[status], { returnObjects: true, period: period(retention.confirmationLink) })
    : { title: t(($) => $.title), text: t(($) => $.lead) };
  return (
    <>
      <PageHeader title={result.title} lead={result.text} />
      <Container className="py-12">
        <div className="flex flex-wrap gap-3">
          {status && backToForm.has(status) && <ButtonLink to="contact">{t(($) => $.toContact)}</ButtonLink>}
          <ButtonLink to="home" variant={status && backToForm.has(status) ? 'secondary' : 'primary'}>
            {tCommon(($) => $.backToHome)}
          </ButtonLink>
        </div>
      </Container>
    </>
  );
}
