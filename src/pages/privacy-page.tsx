import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';
import { contactForm } from '../../common/forms/contact-form';
import type { FormField } from '../../common/forms/form-fields';
import { newsletterForm } from '../../common/forms/newsletter-form';
import { findLanguage } from '../../common/languages';
import { retention, type RetentionKind } from '../../common/retention';
import {
  analyticsServices,
  applicationRecipient,
  consentCategories,
  newsletterRecipients,
  recognisesVisitors,
  servicesIn,
  siteService,
  socialNetworks,
  type AnalyticsProvider,
  type NewsletterProvider,
  type Operator,
} from '../../common/services';
import { LegalTextBlocks, NumberedLegalDocument, type LegalBlock } from '../components/legal-document';
import { externalLink, mailtoLink, pageLink, RichText } from '../components/rich-text';
import { ServedAlternatives } from '../components/served-alternatives';
import { consentMaxAgeMonths } from '../features/consent/consent-preferences';
import { BrowserEntries, ServiceDetails, useServiceTexts } from '../features/consent/service-texts';
import { usePageLanguage } from '../hooks/use-page-href';
import type texts from '../content/locales/de/privacy.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    privacy: typeof texts;
  }
}

/** Anchors of the eleven sections, in order (e.g. /privacy#newsletter). */
export const privacySectionIds = [
  'controller',
  'server-logs',
  'browser-storage',
  'analytics',
  'contact-form',
  'newsletter',
  'job-alerts',
  'applications',
  'recipients',
  'retention',
  'your-rights',
] as const;

type SectionId = (typeof privacySectionIds)[number];

const links = {
  legal: pageLink('legal'),
  process: pageLink('application-process'),
  privacyMail: mailtoLink(company.privacyEmail),
  careerMail: mailtoLink(company.careerEmail),
  authority: externalLink(company.dataProtectionAuthority.url),
};

const Paragraph = ({ text }: { text: string }) => (
  <p>
    <RichText text={text} elements={links} />
  </p>
);

const Item = ({ text }: { text: string }) => (
  <li>
    <RichText text={text} elements={links} />
  </li>
);

const listClass = 'list-disc space-y-2 pl-6 marker:text-ink-muted';

const socialNetworkList = Object.values(socialNetworks);

const analyticsOf = (value: AnalyticsProvider | 'none') => (value === 'none' ? null : analyticsServices[value]);
const newsletterOf = (value: NewsletterProvider | 'none') => (value === 'none' ? null : newsletterRecipients[value]);

/**
 * What a form takes, in the policy's words: every field of its description but the honeypot,
 * each as `privacy.<field>` of the form's own texts names it, an optional one marked so. A field
 * added to the form is named here without a text changing (common/forms/form-fields.test.ts
 * names a missing `privacy.<field>`).
 */
function useFormData(): (form: { fields: FormField[] }, ns: 'contact-form' | 'newsletter') => string {
  const { t } = useTranslation('privacy');
  const list = new Intl.ListFormat(findLanguage(usePageLanguage()).locale, { type: 'conjunction' });
  return (form, ns) =>
    list.format(
      form.fields
        .filter((field) => field.role !== 'honeypot')
        .map((field) => {
          const data = (t as unknown as TFunction<'contact-form'>)(
            ($) => $.privacy[field.name as keyof typeof $.privacy],
            { ns },
          );
          return field.control && !field.control.required ? t(($) => $.optionalData, { data }) : data;
        }),
    );
}

/**
 * The privacy policy. What depends on the settings (the analytics service,
 * the newsletter provider, the jobs source) is rendered for each of them and kept by the server
 * for the one configured; periods come from common/retention.ts and the
 * browser's entries from the services registry, so the policy says what the
 * code does.
 */
export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const texts = useServiceTexts();
  const formData = useFormData();
  const periods = Object.fromEntries(
    Object.entries(retention).map(([kind, period]) => [kind, texts.period(period)]),
  ) as Record<RetentionKind, string>;
  const values = {
    retention: periods,
    months: consentMaxAgeMonths,
    languageCookie: texts.lifetime(
      siteService.entries.find((entry) => entry.kind === 'cookie')?.lifetime ?? { unit: 'untilDeleted' },
    ),
    contactData: formData(contactForm, 'contact-form'),
    newsletterData: formData(newsletterForm, 'newsletter'),
  };
  const blocks = (content: readonly LegalBlock[]) => <LegalTextBlocks blocks={content} elements={links} />;
  const operatorOf = (operator: Operator | null) => texts.operator(operator);
  // A service run by another company is a recipient (section 9); one the site runs itself is not.
  const processorItem = (
    kind: 'analytics' | 'newsletter' | 'applications',
    service: { name: string; operator: Operator | null } | null,
  ) =>
    service?.operator ? (
      <Item
        text={t(($) => $.sections.recipients[kind], { name: service.name, operator: operatorOf(service.operator) })}
      />
    ) : null;

  const bodies: Record<SectionId, ReactNode> = {
    controller: (
      <>
        {blocks(t(($) => $.sections.controller.content, { returnObjects: true }))}
        {/* § 38 BDSG: whether the company has named a data-protection officer (common/company.ts). */}
        {company.dataProtectionOfficer ? (
          <p>
            <RichText
              text={t(($) => $.sections.controller.officer.named, company.dataProtectionOfficer)}
              elements={{ officerMail: mailtoLink(company.dataProtectionOfficer.email) }}
            />
          </p>
        ) : (
          <Paragraph text={t(($) => $.sections.controller.officer.none)} />
        )}
        <Paragraph text={t(($) => $.sections.controller.noSale)} />
        {/* Profiles of a visitor's use exist only where a configured service builds them. */}
        <ServedAlternatives setting="analytics-provider">
          {(analyticsValue) => (
            <ServedAlternatives setting="newsletter-tracking">
              {(tracking) => {
                const analytics = analyticsOf(analyticsValue);
                const profiles = [
                  ...(analytics && recognisesVisitors(analytics)
                    ? [t(($) => $.sections.controller.profiles.analytics, { name: analytics.name })]
                    : []),
                  ...(tracking === 'individual' ? [t(($) => $.sections.controller.profiles.newsletter)] : []),
                ];
                return (
                  <p>
                    {profiles.length === 0
                      ? t(($) => $.sections.controller.profiles.none)
                      : [...profiles, t(($) => $.sections.controller.profiles.noOther)].join(' ')}
                  </p>
                );
              }}
            </ServedAlternatives>
          )}
        </ServedAlternatives>
      </>
    ),
    'server-logs': blocks(t(($) => $.sections['server-logs'].content, { returnObjects: true, ...values })),
    'browser-storage': (
      <>
        <Paragraph text={t(($) => $.sections['browser-storage'].intro)} />
        <BrowserEntries entries={siteService.entries} className={listClass} />
        <Paragraph text={t(($) => $.sections['browser-storage'].afterList)} />
        <Paragraph text={t(($) => $.sections['browser-storage'].basis)} />
        <div className="space-y-3 pt-2">
          <h3 className="text-lg font-semibold text-ink">{t(($) => $.sections['browser-storage'].settingsTitle)}</h3>
          <Paragraph text={t(($) => $.sections['browser-storage'].settingsIntro)} />
          <ServedAlternatives setting="analytics-provider">
            {(value) => (
              <ul className={listClass}>
                {consentCategories.map((category) => {
                  const label = texts.category(category);
                  const names = servicesIn(category, value === 'none' ? null : value).map((service) => service.name);
                  if (category === 'necessary')
                    return (
                      <Item
                        key={category}
                        text={t(($) => $.sections['browser-storage'].necessaryCategory, { label })}
                      />
                    );
                  if (names.length === 0)
                    return (
                      <Item key={category} text={t(($) => $.sections['browser-storage'].emptyCategory, { label })} />
                    );
                  return (
                    <Item
                      key={category}
                      text={t(($) => $.sections['browser-storage'].category, { label, services: names.join(', ') })}
                    />
                  );
                })}
              </ul>
            )}
          </ServedAlternatives>
          <Paragraph text={t(($) => $.sections['browser-storage'].stored, values)} />
          <Paragraph text={t(($) => $.sections['browser-storage'].record, values)} />
        </div>
      </>
    ),
    analytics: (
      <ServedAlternatives setting="analytics-provider">
        {(value) => {
          const service = analyticsOf(value);
          if (!service) return <Paragraph text={t(($) => $.sections.analytics.none)} />;
          return (
            <div className="space-y-4">
              <Paragraph
                text={t(($) => $.sections.analytics.use, {
                  name: service.name,
                  category: texts.category(service.category),
                })}
              />
              <ServiceDetails service={service} className="space-y-2" />
              <Paragraph
                text={
                  service.operator
                    ? t(($) => $.sections.analytics.processor, { operator: service.operator.name })
                    : t(($) => $.sections.analytics.self)
                }
              />
              <Paragraph text={t(($) => $.sections.analytics.basis)} />
            </div>
          );
        }}
      </ServedAlternatives>
    ),
    'contact-form': blocks(t(($) => $.sections['contact-form'].content, { returnObjects: true, ...values })),
    newsletter: (() => {
      const [optIn = '', stored = '', withdrawal = '', basis = ''] = t(($) => $.sections.newsletter.content, {
        returnObjects: true,
        ...values,
      });
      return (
        <>
          <Paragraph text={optIn} />
          <Paragraph text={stored} />
          <ServedAlternatives setting="newsletter-provider">
            {(value) => {
              const recipient = newsletterOf(value);
              if (!recipient) return <Paragraph text={t(($) => $.sections.newsletter.providerNone)} />;
              if (!recipient.operator)
                return <Paragraph text={t(($) => $.sections.newsletter.providerSelf, { name: recipient.name })} />;
              const transfer = recipient.operator.transfer;
              return (
                <div className="space-y-4">
                  <Paragraph
                    text={t(($) => $.sections.newsletter.provider, {
                      name: recipient.name,
                      operator: operatorOf(recipient.operator),
                    })}
                  />
                  {transfer && <Paragraph text={texts.transfer(transfer)} />}
                </div>
              );
            }}
          </ServedAlternatives>
          <ServedAlternatives setting="newsletter-provider">
            {(value) => (
              <ServedAlternatives setting="newsletter-tracking">
                {(tracking) => {
                  const recipient = newsletterOf(value);
                  // Without a provider nothing records opens or clicks; the server serves no other value then.
                  if (!recipient && tracking !== 'off') return null;
                  return (
                    <Paragraph
                      text={t(($) => $.sections.newsletter.tracking[tracking], { name: recipient?.name ?? '' })}
                    />
                  );
                }}
              </ServedAlternatives>
            )}
          </ServedAlternatives>
          <Paragraph text={withdrawal} />
          <Paragraph text={basis} />
        </>
      );
    })(),
    'job-alerts': blocks(t(($) => $.sections['job-alerts'].content, { returnObjects: true, ...values })),
    applications: (
      <>
        {/* With JOBS_FEED_URL, "Apply now" leads to Personio's form: the policy names it as the processor. */}
        <ServedAlternatives setting="jobs-source">
          {(source) =>
            source === 'personio' ? (
              <>
                <Paragraph text={t(($) => $.sections.applications.ways.personio)} />
                <Paragraph
                  text={t(($) => $.sections.applications.processor, {
                    name: applicationRecipient.name,
                    operator: operatorOf(applicationRecipient.operator),
                  })}
                />
              </>
            ) : (
              <Paragraph text={t(($) => $.sections.applications.ways['built-in'])} />
            )
          }
        </ServedAlternatives>
        {blocks(t(($) => $.sections.applications.content, { returnObjects: true, ...values }))}
      </>
    ),
    recipients: (
      <>
        <Paragraph text={t(($) => $.sections.recipients.intro)} />
        <ul className={listClass}>
          <Item text={t(($) => $.sections.recipients.hosting)} />
          <Item text={t(($) => $.sections.recipients.mail)} />
          <ServedAlternatives setting="analytics-provider">
            {(value) => processorItem('analytics', analyticsOf(value))}
          </ServedAlternatives>
          <ServedAlternatives setting="newsletter-provider">
            {(value) => processorItem('newsletter', newsletterOf(value))}
          </ServedAlternatives>
          <ServedAlternatives setting="jobs-source">
            {(source) => processorItem('applications', source === 'personio' ? applicationRecipient : null)}
          </ServedAlternatives>
        </ul>
        <Paragraph text={t(($) => $.sections.recipients.authorities)} />
        <ServedAlternatives setting="analytics-provider">
          {(analytics) => (
            <ServedAlternatives setting="newsletter-provider">
              {(newsletter) => {
                const abroad = [analyticsOf(analytics), newsletterOf(newsletter)].flatMap((recipient) =>
                  recipient?.operator?.transfer
                    ? [{ name: recipient.name, transfer: recipient.operator.transfer }]
                    : [],
                );
                if (abroad.length === 0) return <Paragraph text={t(($) => $.sections.recipients.noTransfers)} />;
                return (
                  <div className="space-y-4">
                    {abroad.map(({ name, transfer }) => (
                      <Paragraph
                        key={name}
                        text={t(($) => $.sections.recipients.transfer, { name, transfer: texts.transfer(transfer) })}
                      />
                    ))}
                  </div>
                );
              }}
            </ServedAlternatives>
          )}
        </ServedAlternatives>
        <Paragraph text={t(($) => $.sections.recipients.links)} />
        <Paragraph text={t(($) => $.sections.recipients.social)} />
        <ul className={listClass}>
          {socialNetworkList.map((network) => (
            <li key={network.name}>
              <RichText
                text={
                  network.jointControllerTerms
                    ? t(($) => $.sections.recipients.socialNetwork, {
                        name: network.name,
                        operator: operatorOf(network.operator),
                      })
                    : t(($) => $.sections.recipients.socialNetworkWithoutTerms, {
                        name: network.name,
                        operator: operatorOf(network.operator),
                      })
                }
                elements={network.jointControllerTerms ? { terms: externalLink(network.jointControllerTerms) } : {}}
              />
            </li>
          ))}
        </ul>
      </>
    ),
    retention: (
      <>
        <ul className={listClass}>
          <Item text={t(($) => $.sections.retention.serverLogs, values)} />
          <Item text={t(($) => $.sections.retention.contactMessages, values)} />
          <Item text={t(($) => $.sections.retention.honeypotHits, values)} />
          <Item text={t(($) => $.sections.retention.mails, values)} />
          <Item text={t(($) => $.sections.retention.fileMails, values)} />
          <Item text={t(($) => $.sections.retention.rateLimits, values)} />
          <Item text={t(($) => $.sections.retention.newsletter, values)} />
          <Item text={t(($) => $.sections.retention.jobAlerts, values)} />
          <ServedAlternatives setting="newsletter-provider">
            {(value) => {
              const recipient = newsletterOf(value);
              return recipient ? (
                <Item text={t(($) => $.sections.retention.newsletterSyncs, { ...values, name: recipient.name })} />
              ) : null;
            }}
          </ServedAlternatives>
          <Item text={t(($) => $.sections.retention.consentRecords, values)} />
          <Item text={t(($) => $.sections.retention.backups, values)} />
          <Item text={t(($) => $.sections.retention.businessPartners, values)} />
          <Item text={t(($) => $.sections.retention.applications, values)} />
          <Item text={t(($) => $.sections.retention.browser, values)} />
          <ServedAlternatives setting="analytics-provider">
            {(value) => {
              const service = analyticsOf(value);
              return service && service.entries.length > 0 ? (
                <Item text={t(($) => $.sections.retention.analyticsCookies, { name: service.name })} />
              ) : null;
            }}
          </ServedAlternatives>
        </ul>
        <Paragraph text={t(($) => $.sections.retention.statutory)} />
      </>
    ),
    'your-rights': blocks(t(($) => $.sections['your-rights'].content, { returnObjects: true })),
  };

  return (
    <NumberedLegalDocument
      namespace="privacy"
      sections={privacySectionIds.map((id) => ({ id, title: t(($) => $.sections[id].title), body: bodies[id] }))}
    />
  );
}
