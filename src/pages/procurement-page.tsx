import image from '../content/images/slide-harvest.svg?no-inline';
import { ServicePage } from './service-pages';

export default function ProcurementPage() {
  return <ServicePage namespace="procurement" image={image} />;
}
