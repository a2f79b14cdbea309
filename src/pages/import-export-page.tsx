import { TextPage } from '../components/text-page';

export default function ImportExportPage() {
  return <TextPage ns="import-export" />;
}
