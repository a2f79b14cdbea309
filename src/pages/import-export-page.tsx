import image from '../content/images/slide-machinery.svg?no-inline';
import { ServicePage } from './service-pages';

export default function ImportExportPage() {
  return <ServicePage namespace="import-export" image={image} />;
}
