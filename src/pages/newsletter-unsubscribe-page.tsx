import { NewsletterTokenPage } from './newsletter-token-pages';

export default function NewsletterUnsubscribePage() {
  return <NewsletterTokenPage action="unsubscribe" />;
}
