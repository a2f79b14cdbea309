import { NewsletterTokenPage } from './newsletter-token-page';

export default function NewsletterConfirmPage() {
  return <NewsletterTokenPage action="confirm" />;
}
