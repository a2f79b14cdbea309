import { useTranslation } from 'react-i18next';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';
import { NewsletterTokenAction } from '../features/newsletter/newsletter-token-action';

export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation('newsletter-unsubscribe');
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12">
        <NewsletterTokenAction action="unsubscribe" />
      </Container>
    </>
  );
}
