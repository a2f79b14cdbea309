import { TextPage } from '../components/text-page';

export default function ContactPage() {
  return <TextPage ns="contact" />;
}
