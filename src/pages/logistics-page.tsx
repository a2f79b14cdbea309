import { TextPage } from '../components/text-page';

export default function LogisticsPage() {
  return <TextPage ns="logistics" />;
}
