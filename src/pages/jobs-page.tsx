import { useTranslation } from 'react-i18next';
import { renderedSiteUrl } from '../app/site-url';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';
import { JobBoard } from '../features/jobs';

export default function JobsPage() {
  const { t } = useTranslation('jobs');
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12 sm:py-16">
        <JobBoard siteUrl={renderedSiteUrl()} />
      </Container>
    </>
  );
}
