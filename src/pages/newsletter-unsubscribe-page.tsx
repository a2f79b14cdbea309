import { NewsletterTokenPage } from './newsletter-token-page';

export default function NewsletterUnsubscribePage() {
  return <NewsletterTokenPage action="unsubscribe" />;
}
