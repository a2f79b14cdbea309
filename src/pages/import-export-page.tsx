import { ServicePage } from './service-pages';

export default function ImportExportPage() {
  return <ServicePage namespace="import-export" />;
}
