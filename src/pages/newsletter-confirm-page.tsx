import { TextPage } from '../components/text-page';

export default function NewsletterConfirmPage() {
  return <TextPage ns="newsletter-confirm" />;
}
