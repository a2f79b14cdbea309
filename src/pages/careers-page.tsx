import { TextPage } from '../components/text-page';

export default function CareersPage() {
  return <TextPage ns="careers" />;
}
