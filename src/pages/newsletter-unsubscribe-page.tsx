import { OptInTokenPage } from './opt-in-token-pages';

export default function NewsletterUnsubscribePage() {
  return <OptInTokenPage list="newsletter" action="unsubscribe" />;
}
