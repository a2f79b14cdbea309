import { useTranslation } from 'react-i18next';
import { Island } from '../app/islands/island';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';

export default function NewsletterConfirmPage() {
  const { t } = useTranslation('newsletter-confirm');
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12">
        <Island name="newsletter-token-action" props={{ action: 'confirm' }} className="block" />
      </Container>
    </>
  );
}
