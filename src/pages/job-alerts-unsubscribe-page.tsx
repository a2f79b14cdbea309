import { OptInTokenPage } from './opt-in-token-pages';

export default function JobAlertsUnsubscribePage() {
  return <OptInTokenPage list="job-alerts" action="unsubscribe" />;
}
