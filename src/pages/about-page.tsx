import { TextPage } from '../components/text-page';

export default function AboutPage() {
  return <TextPage ns="about" />;
}
