import { OptInTokenPage } from './opt-in-token-pages';

export default function NewsletterConfirmPage() {
  return <OptInTokenPage list="newsletter" action="confirm" />;
}
