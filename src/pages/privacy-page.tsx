import { TextPage } from '../components/text-page';

export default function PrivacyPage() {
  return <TextPage ns="privacy" />;
}
