import { OptInTokenAction, type OptInList } from '../../features/opt-in/opt-in-token-action';
import { newsletterFlags, setFlag } from '../../features/newsletter/newsletter-flags';

export const namespaces = ['newsletter', 'job-alerts'] as const;

/** The confirm and unsubscribe pages' button, for the newsletter and the job alerts. */
export default function OptInTokenActionIsland({
  list,
  action,
}: {
  list: OptInList;
  action: 'confirm' | 'unsubscribe';
}) {
  return (
    <OptInTokenAction
      list={list}
      action={action}
      // A confirmed newsletter subscriber is subscribed: the pop-up must not ask again on the next page.
      onConfirmed={list === 'newsletter' ? () => setFlag(newsletterFlags.subscribed) : undefined}
    />
  );
}
