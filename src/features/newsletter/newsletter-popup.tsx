import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '../../../common/api-paths';
import { maxEmailOctets } from '../../../common/email-address';
import { CheckIcon, CloseIcon } from '../../components/icons';
import { ServedAlternatives } from '../../components/served-alternatives';
import { usePageHref, usePageLanguage } from '../../hooks/use-page-href';
import { subscribeToNewsletter } from './subscribe-to-newsletter';
import { useNewsletterVisibility } from './use-newsletter-visibility';

/** docs/product.md#newsletter: the thanks view closes after 3000 ms. */
export const thanksDurationMs = 3000;

/**
 * The room the pop-up takes at the bottom of the screen, in px, published on
 * <html> while it shows: the page keeps that much scroll padding, so the
 * browser never leaves the focused element under the pop-up (WCAG 2.4.11),
 * and as much padding at its end, so the footer can scroll clear of it.
 */
export const newsletterPopupSpaceProperty = '--newsletter-popup-space';

function usePublishedSpace(ref: RefObject<HTMLElement | null>, visible: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    const element = ref.current;
    const publish = () => {
      // Hidden by CSS until the cookie question is answered: then it takes no room.
      const top = element && element.offsetHeight > 0 ? element.getBoundingClientRect().top : null;
      const space = top === null ? 0 : Math.ceil(root.clientHeight - top + 8);
      root.style.setProperty(newsletterPopupSpaceProperty, `${Math.max(space, 0)}px`);
    };
    if (!visible || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
      root.style.setProperty(newsletterPopupSpaceProperty, '0px');
    };
  }, [ref, visible]);
}

/** Keeps keyboard focus on the page when the pop-up goes while holding it (WCAG 2.4.3). */
function leave(root: HTMLElement | null, hide: () => void) {
  const hadFocus = root?.contains(document.activeElement);
  hide();
  if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
}

type View = 'form' | 'submitting' | 'thanks';

/** The newsletter pop-up of docs/product.md#newsletter, fixed at the bottom right. */
export function NewsletterPopup() {
  const { t } = useTranslation('newsletter');
  const language = usePageLanguage();
  const href = usePageHref();
  const { visible, close, markSubscribed, dismiss } = useNewsletterVisibility();
  const [view, setView] = useState<View>('form');
  const [error, setError] = useState('');
  const titleId = useId();
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  usePublishedSpace(rootRef, visible);

  useEffect(() => {
    if (view !== 'thanks') return;
    thanksRef.current?.focus();
    const timer = setTimeout(() => leave(rootRef.current, dismiss), thanksDurationMs);
    return () => clearTimeout(timer);
  }, [view, dismiss]);

  if (!visible) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view === 'submitting') return;
    // The schema is shared with the server; it loads on the first submit, not with every page.
    const form = event.currentTarget;
    // The field keeps its value in the page, so an address typed before the app started is kept.
    const email = form.elements.namedItem('email');
    // The separate tracking consent: a box only where per-person tracking is offered, unticked until the visitor ticks it.
    const tracking = form.elements.namedItem('tracking');
    const { checkNewsletterSignup } = await import('../../../common/forms/newsletter-form');
    const check = checkNewsletterSignup({
      email: email instanceof HTMLInputElement ? email.value : '',
      language,
      tracking: tracking instanceof HTMLInputElement && tracking.checked,
    });
    if (!check.success) {
      const key = check.fields.email ?? check.fields.language ?? 'invalidEmail';
      setError(t(($) => $.errors[key as keyof typeof $.errors]));
      return;
    }
    setError('');
    setView('submitting');
    const result = await subscribeToNewsletter(check.data.email, language, check.data.tracking ?? false);
    if (result.ok) {
      markSubscribed();
      setView('thanks');
      return;
    }
    console.error('Newsletter subscription failed:', result.error);
    setError(t(($) => $.newsletterSubscriptionFailed));
    setView('form');
  };

  const submitting = view === 'submitting';
  const closeByKeyboard = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    leave(rootRef.current, close);
  };
  return (
    // Escape is a shortcut for the close button, which stays the way for everyone.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside
      ref={rootRef}
      aria-label={t(($) => $.regionLabel)}
      onKeyDown={closeByKeyboard}
      // At most the screen's height less 14rem, so the page always keeps a band to show the focus in.
      // Without JavaScript it cannot be closed, so it is no overlay: it stands at the end of the page.
      className="newsletter-popup fixed right-4 z-30 max-h-[calc(100dvh-14rem)] w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-2xl border border-line bg-surface-raised p-5 shadow-xl [html:not(.js)_&]:static [html:not(.js)_&]:mx-auto [html:not(.js)_&]:my-8 [html:not(.js)_&]:block [html:not(.js)_&]:max-h-none"
    >
      <button
        type="button"
        onClick={() => leave(rootRef.current, close)}
        className="icon-button absolute top-2 right-2 [html:not(.js)_&]:hidden"
        aria-label={t(($) => $.close)}
      >
        <CloseIcon />
      </button>
      {/* Present from the start, so screen readers announce what is put in it: "Subscribing...", then the thanks. */}
      <div role="status">
        {submitting && <span className="sr-only">{t(($) => $.subscribing)}</span>}
        {view === 'thanks' && (
          <div className="flex flex-col items-center gap-3 py-2 text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand text-on-brand">
              <CheckIcon width={28} height={28} />
            </span>
            <h2 id={titleId} ref={thanksRef} tabIndex={-1} className="text-lg font-bold text-ink outline-none">
              {t(($) => $.thanksTitle)}
            </h2>
            {/* Double opt-in: what the visitor must do next comes before the promise of updates. */}
            <p className="text-sm font-semibold text-ink">{t(($) => $.confirmHint)}</p>
            <p className="text-sm text-ink-muted">{t(($) => $.thanksDescription)}</p>
          </div>
        )}
      </div>
      {view !== 'thanks' && (
        <form method="post" action={apiPaths.newsletter} onSubmit={submit} className="flex flex-col gap-3">
          <input type="hidden" name="language" value={language} />
          <h2 id={titleId} className="pr-8 text-lg font-bold text-ink">
            {t(($) => $.title)}
          </h2>
          <p className="text-sm text-ink-muted">{t(($) => $.description)}</p>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
            <span>
              {t(($) => $.fields.email)}
              <span className="ml-0.5 text-danger" aria-hidden="true">
                *
              </span>
            </span>
            <input
              type="email"
              name="email"
              required
              autoComplete="email"
              maxLength={maxEmailOctets}
              placeholder={t(($) => $.emailPlaceholder)}
              onChange={() => setError('')}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${titleId}-error`}
              className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2.5 text-base text-ink placeholder:text-ink-muted"
            />
          </label>
          <p id={`${titleId}-error`} role="alert" className="min-h-5 text-sm font-medium text-danger">
            {error}
          </p>
          {/*
            What the newsletter tool records of opens and clicks (NEWSLETTER_TRACKING), read before the
            button at the description's size (GDPR Art. 7(2), § 25 TDDDG). Per-person tracking is a
            consent of its own: an unticked box, never part of the sign-up.
          */}
          <ServedAlternatives setting="newsletter-tracking">
            {(tracking) =>
              tracking === 'individual' ? (
                <div className="flex flex-col gap-1">
                  <label className="flex items-start gap-2 text-sm text-ink">
                    <input
                      type="checkbox"
                      name="tracking"
                      className="mt-0.5 size-5 shrink-0 accent-brand"
                      aria-describedby={`${titleId}-tracking`}
                    />
                    <span>{t(($) => $.tracking.individual)}</span>
                  </label>
                  <p id={`${titleId}-tracking`} className="pl-7 text-sm text-ink-muted">
                    {t(($) => $.trackingRefused)}
                  </p>
                </div>
              ) : (
                <p className="text-sm text-ink-muted">{t(($) => $.tracking[tracking])}</p>
              )
            }
          </ServedAlternatives>
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus (WCAG 2.4.3). */}
          <button type="submit" className="button button-primary" aria-disabled={submitting || undefined}>
            {submitting ? t(($) => $.subscribing) : t(($) => $.subscribe)}
          </button>
          <p className="text-xs text-ink-muted">
            {t(($) => $.privacyNote)}{' '}
            <a href={href('privacy')} target="_blank" rel="noopener" className="text-link">
              {t(($) => $.privacyLink)}
              <span className="sr-only"> {t(($) => $.opensInNewTab)}</span>
            </a>
          </p>
        </form>
      )}
    </aside>
  );
}
