import { useTranslation } from 'react-i18next';
import type { BrowserEntry, Lifetime, Operator, SiteService, Transfer } from '../../../common/services';
import { RichText } from '../../components/rich-text';
import { usePageLanguage } from '../../hooks/use-page-href';
import { usePeriodText } from '../../hooks/use-period-text';
import { consentMaxAgeMonths } from './consent-preferences';

/**
 * The registry's facts in the visitor's language (consent.json), for the
 * cookie settings and the privacy policy alike: one wording in both.
 */
export function useServiceTexts() {
  const { t } = useTranslation('consent');
  const lng = usePageLanguage();
  const country = (code: string) => new Intl.DisplayNames([lng], { type: 'region' }).of(code) ?? code;
  const period = usePeriodText();
  const lifetime = (value: Lifetime) => ('count' in value ? period(value) : t(($) => $.lifetime[value.unit]));
  const operator = (value: Operator | null) =>
    value
      ? t(($) => $.operator.processor, {
          name: value.name,
          city: typeof value.city === 'string' ? value.city : value.city[lng],
          country: country(value.country),
        })
      : t(($) => $.operator.us);
  return {
    period,
    lifetime,
    operator,
    category: (category: SiteService['category']) => t(($) => $.categories[category].label),
    transfer: (transfer: Transfer) => t(($) => $.transfer[transfer.basis], { country: country(transfer.country) }),
    service: (service: SiteService & { purpose: NonNullable<SiteService['purpose']> }) =>
      t(($) => $.settings.service, {
        name: service.name,
        operator: operator(service.operator),
        purpose: t(($) => $.services[service.purpose]),
      }),
    entry: (entry: BrowserEntry) =>
      t(($) => $.settings.entry, {
        name: entry.name,
        kind: t(($) => $.kinds[entry.kind]),
        lifetime: lifetime(entry.lifetime),
        purpose: t(($) => $.storage[entry.purpose], { months: consentMaxAgeMonths }),
      }),
    noEntries: () => t(($) => $.settings.noEntries),
  };
}

/** What the browser keeps for a service: one line per entry. */
export function BrowserEntries({ entries, className }: { entries: readonly BrowserEntry[]; className?: string }) {
  const texts = useServiceTexts();
  return (
    <ul className={className}>
      {entries.map((entry) => (
        <li key={entry.name}>
          <RichText text={texts.entry(entry)} />
        </li>
      ))}
    </ul>
  );
}

/** A service: its name, who runs it and what for, where its data goes outside the EU, and what it stores in the browser. */
export function ServiceDetails({ service, className }: { service: SiteService; className?: string }) {
  const texts = useServiceTexts();
  const purpose = service.purpose;
  const transfer = service.operator?.transfer;
  return (
    <div className={className}>
      {purpose && (
        <p>
          <RichText text={texts.service({ ...service, purpose })} />
        </p>
      )}
      {transfer && <p>{texts.transfer(transfer)}</p>}
      {service.entries.length > 0 ? (
        <BrowserEntries entries={service.entries} className="list-disc space-y-1 pl-5" />
      ) : (
        <p>{texts.noEntries()}</p>
      )}
    </div>
  );
}
