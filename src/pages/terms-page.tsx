import { TextPage } from '../components/text-page';

export default function TermsPage() {
  return <TextPage ns="terms" />;
}
