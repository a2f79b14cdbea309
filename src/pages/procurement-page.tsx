import { TextPage } from '../components/text-page';

export default function ProcurementPage() {
  return <TextPage ns="procurement" />;
}
