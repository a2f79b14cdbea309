import { ServicePage } from './service-pages';

export default function ProcurementPage() {
  return <ServicePage namespace="procurement" />;
}
