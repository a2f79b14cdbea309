import { TextPage } from '../components/text-page';

export default function LegalPage() {
  return <TextPage ns="legal" />;
}
