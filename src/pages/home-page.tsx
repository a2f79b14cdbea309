import { TextPage } from '../components/text-page';

export default function HomePage() {
  return <TextPage ns="home" />;
}
