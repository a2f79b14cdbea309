import { useTranslation } from 'react-i18next';
import { Island } from '../app/islands/island';
import { usePage } from '../app/page-context';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';

export default function JobsPage() {
  const { t } = useTranslation('jobs');
  const { variant } = usePage();
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12 sm:py-16">
        <Island name="job-board" props={{ jobId: variant.job ?? null }} className="block" />
      </Container>
    </>
  );
}
