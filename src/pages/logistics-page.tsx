import { ServicePage } from './service-pages';

export default function LogisticsPage() {
  return <ServicePage namespace="logistics" />;
}
