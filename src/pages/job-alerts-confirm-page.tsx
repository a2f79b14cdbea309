import { OptInTokenPage } from './opt-in-token-pages';

export default function JobAlertsConfirmPage() {
  return <OptInTokenPage list="job-alerts" action="confirm" />;
}
