import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '../../../common/api-paths';
import { retention } from '../../../common/retention';
import { useHydrated } from '../../hooks/use-hydrated';
import { useLocationSearch } from '../../hooks/use-location-search';
import { usePeriodText } from '../../hooks/use-period-text';

type Action = 'confirm' | 'unsubscribe';

/** The double opt-in lists a mail's link may belong to, each with its two actions' JSON API. */
export type OptInList = 'newsletter' | 'job-alerts';
const actionPaths: Record<OptInList, Record<Action, string>> = {
  newsletter: { confirm: apiPaths.newsletterConfirm, unsubscribe: apiPaths.newsletterUnsubscribe },
  'job-alerts': { confirm: apiPaths.jobAlertsConfirm, unsubscribe: apiPaths.jobAlertsUnsubscribe },
};
type State = 'ready' | 'working' | 'done' | 'already' | 'invalid' | 'failed';

async function postToken(path: string, token: string): Promise<State> {
  try {
    const response = await fetch(path, {
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

/** The words of one list's pages: each list's namespace has the same keys. */
function useListTexts(list: OptInList, action: Action) {
  const newsletter = useTranslation('newsletter').t;
  const alerts = useTranslation('job-alerts').t;
  const period = usePeriodText();
  const days = { period: period(retention.confirmationLink) };
  return list === 'newsletter'
    ? {
        button: newsletter(($) => $[action].button),
        done: newsletter(($) => $[action].done),
        already: newsletter(($) => $[action].already),
        working: newsletter(($) => $.token.working),
        invalid: newsletter(($) => $.token.invalid, days),
        failed: newsletter(($) => $.token.failed),
        missing: newsletter(($) => $.token.missing),
      }
    : {
        button: alerts(($) => $[action].button),
        done: alerts(($) => $[action].done),
        already: alerts(($) => $[action].already),
        working: alerts(($) => $.token.working),
        invalid: alerts(($) => $.token.invalid, days),
        failed: alerts(($) => $.token.failed),
        missing: alerts(($) => $.token.missing),
      };
}

/**
 * The button on the pages a double opt-in mail links to (/newsletter/confirm,
 * /jobs/alerts/unsubscribe…). It acts only on a visitor's click (a POST), so a
 * mail scanner that opens the link changes nothing; then it says whether it is
 * done, was already done, or the link is unknown or expired.
 */
export function OptInTokenAction({
  list,
  action,
  onConfirmed,
}: {
  list: OptInList;
  action: Action;
  /** Told when a confirmation is done or was done already. */
  onConfirmed?: () => void;
}) {
  const texts = useListTexts(list, action);
  // The prerendered page has no token: decide about a missing one only once hydrated.
  const hydrated = useHydrated();
  const token = new URLSearchParams(useLocationSearch('')).get('token') ?? '';
  const [state, setState] = useState<State>('ready');

  const messages: Record<Exclude<State, 'ready'>, string> = {
    working: texts.working,
    done: texts.done,
    already: texts.already,
    invalid: texts.invalid,
    failed: texts.failed,
  };
  const finished = isFinished(state);
  const success = state === 'done' || state === 'already';

  return (
    <div className="flex flex-col items-start gap-4">
      {hydrated && !token ? (
        <p className="font-medium text-danger">{texts.missing}</p>
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
              const result = await postToken(actionPaths[list][action], token);
              if (action === 'confirm' && (result === 'done' || result === 'already')) onConfirmed?.();
              setState(result);
              // A final answer removes the button: keep keyboard focus on the page.
              if (isFinished(result) && document.activeElement === button)
                document.getElementById('main')?.focus({ preventScroll: true });
            }}
          >
            {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus (WCAG 2.4.3). */}
            <button type="submit" className="button button-primary" aria-disabled={state === 'working' || undefined}>
              {texts.button}
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
