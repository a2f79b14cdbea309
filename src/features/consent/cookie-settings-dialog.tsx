import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retention } from '../../../common/retention';
import { servicesIn, type AnalyticsProvider } from '../../../common/services';
import { Dialog } from '../../components/dialog';
import { RichText } from '../../components/rich-text';
import { useServedSetting } from '../../hooks/use-served-setting';
import { optionalCategories, type ConsentCategory, type CookiePreferences } from './consent-preferences';
import { pageContent } from './focus-page-content';
import { BrowserEntries, ServiceDetails, useServiceTexts } from './service-texts';
import { useConsent } from './use-consent';

/** The settings dialog of docs/product.md#cookie-consent, opened by Customize and by the footer's "Cookie settings". */
export function CookieSettingsDialog() {
  const { settingsOpen } = useConsent();
  // Mounted per opening, so each opening edits a fresh copy of the current choice.
  return settingsOpen ? <OpenSettings /> : null;
}

function OpenSettings() {
  const { t } = useTranslation('consent');
  const consent = useConsent();
  const texts = useServiceTexts();
  const [draft, setDraft] = useState<CookiePreferences>(consent.preferences);
  const provider = useServedSetting('analytics-provider');
  const analytics = provider === null || provider === 'none' ? null : provider;

  return (
    <Dialog
      open
      onClose={consent.closeSettings}
      title={t(($) => $.settings.title)}
      closeLabel={t(($) => $.settings.close)}
      fallbackFocus={pageContent}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={consent.closeSettings}>
            {t(($) => $.settings.cancel)}
          </button>
          {/* As easy to withdraw as to give (GDPR Art. 7(3), docs/contract.md#difference-10): one step, here too. */}
          <button type="button" className="button button-secondary" onClick={consent.rejectAll}>
            {t(($) => $.settings.rejectAll)}
          </button>
          <button type="button" className="button button-primary" onClick={() => consent.save(draft)}>
            {t(($) => $.settings.save)}
          </button>
        </>
      }
    >
      <p className="text-sm text-ink-muted">{t(($) => $.settings.intro)}</p>
      <ul className="mt-2 divide-y divide-line">
        <CategoryOption category="necessary" analytics={analytics} checked disabled />
        {optionalCategories.map((category) => (
          <CategoryOption
            key={category}
            category={category}
            analytics={analytics}
            checked={draft[category]}
            onChange={(checked) => setDraft((current) => ({ ...current, [category]: checked }))}
          />
        ))}
      </ul>
      {consent.decided && consent.id && (
        <p className="border-t border-line pt-4 text-sm text-ink-muted">
          <RichText
            text={t(($) => $.settings.consentId, { id: consent.id, period: texts.period(retention.consentRecords) })}
          />
        </p>
      )}
    </Dialog>
  );
}

function CategoryOption({
  category,
  analytics,
  checked,
  disabled = false,
  onChange,
}: {
  category: ConsentCategory;
  analytics: AnalyticsProvider | null;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const { t } = useTranslation('consent');
  const services = servicesIn(category, analytics);
  const id = useId();
  const text = t(($) => $.categories[category], { returnObjects: true });
  return (
    <li className="flex gap-3 py-4">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-brand"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked)}
        aria-describedby={disabled ? `${id}-badge ${id}-description` : `${id}-description`}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold text-ink">
          {text.label}
        </label>
        {disabled && (
          <span
            id={`${id}-badge`}
            className="ml-2 inline-block rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-medium whitespace-nowrap text-ink-muted"
          >
            {t(($) => $.settings.alwaysActive)}
          </span>
        )}
        <p id={`${id}-description`} className="mt-1 text-sm text-ink-muted">
          {text.description}
        </p>
        <div className="mt-2 space-y-2 text-sm text-ink-muted">
          {services.length === 0 && <p>{t(($) => $.settings.noService)}</p>}
          {services.map((service) =>
            service.purpose ? (
              <ServiceDetails key={service.id} service={service} className="space-y-1" />
            ) : (
              <BrowserEntries key={service.id} entries={service.entries} className="list-disc space-y-1 pl-5" />
            ),
          )}
        </div>
      </div>
    </li>
  );
}
