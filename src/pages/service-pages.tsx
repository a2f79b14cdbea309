import { useTranslation } from 'react-i18next';
import { ServiceDetail } from '../components/service-detail';

/** The three service pages share one shape of texts, each in a namespace of its own. */
type ServiceNamespace = 'procurement' | 'logistics' | 'import-export';

/** A service page (docs/product.md#pages: /services/procurement, /logistics, /import-export); its picture is in content/page-pictures.ts. */
export function ServicePage({ namespace }: { namespace: ServiceNamespace }) {
  const { t } = useTranslation(namespace);
  return (
    <ServiceDetail
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
