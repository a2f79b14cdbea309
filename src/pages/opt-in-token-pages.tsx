import { useTranslation } from 'react-i18next';
import { Island } from '../app/islands/island';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';

/** The pages a double opt-in mail links to: /newsletter/confirm and /newsletter/unsubscribe, /jobs/alerts/confirm and /jobs/alerts/unsubscribe. */
export function OptInTokenPage({
  list,
  action,
}: {
  list: 'newsletter' | 'job-alerts';
  action: 'confirm' | 'unsubscribe';
}) {
  const { t } = useTranslation(`${list}-${action}`);
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12">
        <Island name="opt-in-token-action" props={{ list, action }} className="block" />
      </Container>
    </>
  );
}
