import image from '../content/images/slide-port.svg?no-inline';
import { ServicePage } from './service-pages';

export default function LogisticsPage() {
  return <ServicePage namespace="logistics" image={image} />;
}
