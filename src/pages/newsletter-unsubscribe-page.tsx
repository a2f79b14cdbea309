import { TextPage } from '../components/text-page';

export default function NewsletterUnsubscribePage() {
  return <TextPage ns="newsletter-unsubscribe" />;
}
