import { TextPage } from '../components/text-page';

export default function ServicesPage() {
  return <TextPage ns="services" />;
}
