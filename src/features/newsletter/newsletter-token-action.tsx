import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '../../../common/api-paths';
import { retention } from '../../../common/retention';
import { useHydrated } from '../../hooks/use-hydrated';
import { useLocationSearch } from '../../hooks/use-location-search';
import { usePeriodText } from '../../hooks/use-period-text';
import { newsletterFlags, setFlag } from './newsletter-flags';

type Action = 'confirm' | 'unsubscribe';
const actionPaths = { confirm: apiPaths.newsletterConfirm, unsubscribe: apiPaths.newsletterUnsubscribe } as const;
type State = 'ready' | 'working' | 'done' | 'already' | 'invalid' | 'failed';

async function postToken(action: Action, token: string): Promise<State> {
  try {
    const response = await fetch(actionPaths[action], {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (response.status === 404) return 'invalid';
    const body = (await response.json().catch(() => null)) as { success?: boolean; status?: string } | null;
    if (!response.ok || !body?.success) return 'failed';
    return body.status?.startsWith('already_') ? 'already' : 'done';
  } catch {
    return 'failed';
  }
}

const isFinished = (state: State) => state === 'done' || state === 'already' || state === 'invalid';

/**
 * The button on /newsletter/confirm and /newsletter/unsubscribe. It acts only
 * on a visitor's click (a POST), so a mail scanner that opens the link changes
 * nothing; then it says whether it is done, was already done, or the link is
 * unknown or expired. A confirmation sets the subscribed flag, so the pop-up
 * does not ask again.
 */
export function NewsletterTokenAction({ action }: { action: Action }) {
  const { t } = useTranslation('newsletter');
  const period = usePeriodText();
  // The prerendered page has no token: decide about a missing one only once hydrated.
  const hydrated = useHydrated();
  const token = new URLSearchParams(useLocationSearch('')).get('token') ?? '';
  const [state, setState] = useState<State>('ready');

  const messages: Record<Exclude<State, 'ready'>, string> = {
    working: t(($) => $.token.working),
    done: t(($) => $[action].done),
    already: t(($) => $[action].already),
    invalid: t(($) => $.token.invalid, { period: period(retention.confirmationLink) }),
    failed: t(($) => $.token.failed),
  };
  const finished = isFinished(state);
  const success = state === 'done' || state === 'already';

  return (
    <div className="flex flex-col items-start gap-4">
      {hydrated && !token ? (
        <p className="font-medium text-danger">{t(($) => $.token.missing)}</p>
      ) : (
        !finished && (
          // Without JavaScript the form posts to this page's own address, which carries the token.
          <form
            method="post"
            onSubmit={async (event) => {
              event.preventDefault();
              if (state === 'working') return;
              const button = event.currentTarget.querySelector('button');
              setState('working');
              const result = await postToken(action, token);
              // A confirmed visitor is subscribed: the pop-up must not ask again on the next page.
              if (action === 'confirm' && (result === 'done' || result === 'already'))
                setFlag(newsletterFlags.subscribed);
              setState(result);
              // A final answer removes the button: keep keyboard focus on the page.
              if (isFinished(result) && document.activeElement === button)
                document.getElementById('main')?.focus({ preventScroll: true });
            }}
          >
            {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus (WCAG 2.4.3). */}
            <button type="submit" className="button button-primary" aria-disabled={state === 'working' || undefined}>
              {t(($) => $[action].button)}
            </button>
          </form>
        )
      )}
      <p
        role="status"
        className={`text-lg font-medium ${success ? 'text-success' : state === 'working' ? 'text-ink-muted' : 'text-danger'}`}
      >
        {state === 'ready' ? '' : messages[state]}
      </p>
    </div>
  );
}
