import { useTranslation } from 'react-i18next';
import { Island } from '../app/islands/island';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';

/** The pages a newsletter mail links to (docs/contract.md#languages-and-urls: /newsletter/confirm and /newsletter/unsubscribe). */
export function NewsletterTokenPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const { t } = useTranslation(`newsletter-${action}`);
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12">
        <Island name="newsletter-token-action" props={{ action }} className="block" />
      </Container>
    </>
  );
}
