import { TextPage } from '../components/text-page';

export default function ApplicationProcessPage() {
  return <TextPage ns="application-process" />;
}
