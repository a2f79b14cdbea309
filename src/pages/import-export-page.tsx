import { useTranslation } from 'react-i18next';
import { ServiceDetail } from '../components/service-detail';
import image from '../content/images/slide-machinery.svg?no-inline';

export default function ImportExportPage() {
  const { t } = useTranslation('import-export');
  return (
    <ServiceDetail
      image={image}
      content={{
        header: {
          eyebrow: t(($) => $.eyebrow),
          title: t(($) => $.title),
          lead: t(($) => $.lead),
          allServices: t(($) => $.allServices),
        },
        overview: t(($) => $.overview, { returnObjects: true }),
        offerings: t(($) => $.offerings, { returnObjects: true }),
        process: t(($) => $.process, { returnObjects: true }),
        assurance: t(($) => $.assurance, { returnObjects: true }),
        benefits: t(($) => $.benefits, { returnObjects: true }),
        cta: t(($) => $.cta, { returnObjects: true }),
      }}
    />
  );
}
