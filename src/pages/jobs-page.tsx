import { TextPage } from '../components/text-page';

export default function JobsPage() {
  return <TextPage ns="jobs" />;
}
