import { NewsletterTokenPage } from './newsletter-token-pages';

export default function NewsletterConfirmPage() {
  return <NewsletterTokenPage action="confirm" />;
}
