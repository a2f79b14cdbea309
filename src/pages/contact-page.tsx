import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';
import { Island } from '../app/islands/island';
import { ContactPageLayout } from '../components/contact-page-layout';
import { MailIcon, MapPinIcon, PhoneIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { PostalAddress } from '../components/postal-address';
import { ServedAlternatives } from '../components/served-alternatives';
import { SocialLinkItems } from '../components/social-link-items';
import { mailtoLink, pageLink, RichText } from '../components/rich-text';
import type texts from '../content/locales/de/contact.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    contact: typeof texts;
  }
}

const links = {
  careerMail: mailtoLink(company.careerEmail),
  privacyMail: mailtoLink(company.privacyEmail),
  process: pageLink('application-process'),
};

function TitledSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-3 text-sm font-semibold text-ink-muted">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-sunken text-brand">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-1 pl-12 text-lg text-ink">{children}</dd>
    </div>
  );
}

function ContactDetails() {
  const { t } = useTranslation('contact');
  return (
    <TitledSection title={t(($) => $.details.title)}>
      <dl className="space-y-6">
        <Detail icon={<MailIcon />} term={t(($) => $.details.email)}>
          <a href={`mailto:${company.email}`} className="text-link break-words">
            {company.email}
          </a>
        </Detail>
        <Detail icon={<PhoneIcon />} term={t(($) => $.details.phone)}>
          <a href={company.phoneHref} className="text-link whitespace-nowrap">
            {company.phone}
          </a>
        </Detail>
        <Detail icon={<MapPinIcon />} term={t(($) => $.details.address)}>
          <PostalAddress />
        </Detail>
      </dl>
    </TitledSection>
  );
}

function Channel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      <div className="mt-2 leading-relaxed text-ink-muted">{children}</div>
    </div>
  );
}

function ContactChannels() {
  const { t } = useTranslation('contact');
  return (
    <TitledSection title={t(($) => $.channels.title)}>
      <div className="space-y-8">
        <Channel title={t(($) => $.channels.social.title)}>
          <p>{t(($) => $.channels.social.text)}</p>
          <ul className="mt-4 flex flex-wrap gap-3">
            <SocialLinkItems linkClassName="button button-secondary" />
          </ul>
        </Channel>
        <Channel title={t(($) => $.channels.response.title)}>
          <p>{t(($) => $.channels.response.text)}</p>
        </Channel>
        <Channel title={t(($) => $.channels.applications.title)}>
          {/* With JOBS_FEED_URL, advertised positions are applied for at Personio, speculative applications by e-mail. */}
          <ServedAlternatives setting="jobs-source">
            {(source) => (
              <p>
                <RichText
                  text={
                    source === 'personio'
                      ? t(($) => $.channels.applications.online)
                      : t(($) => $.channels.applications.text)
                  }
                  elements={links}
                />
              </p>
            )}
          </ServedAlternatives>
        </Channel>
        <Channel title={t(($) => $.channels.privacy.title)}>
          <p>
            <RichText text={t(($) => $.channels.privacy.text)} elements={links} />
          </p>
        </Channel>
      </div>
    </TitledSection>
  );
}

export default function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <ContactPageLayout
        form={<Island name="contact-form" className="block" />}
        formTitle={t(($) => $.writeToUs.title)}
        formIntro={t(($) => $.writeToUs.intro)}
        details={<ContactDetails />}
        channels={<ContactChannels />}
      />
    </>
  );
}
