import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link';
import { InfoCardList } from '../components/info-card-list';
import { PageHeader } from '../components/page-header';
import { Section } from '../components/section';
import type texts from '../content/locales/de/careers.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    careers: typeof texts;
  }
}

export default function CareersPage() {
  const { t } = useTranslation('careers');
  const benefitGroups = t(($) => $.benefits.groups, { returnObjects: true });
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)}>
        <div className="mt-8">
          <ButtonLink to="jobs">{t(($) => $.jobsCta)}</ButtonLink>
        </div>
      </PageHeader>
      <Section title={t(($) => $.culture.title)}>
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-ink-muted">
          {t(($) => $.culture.paragraphs, { returnObjects: true }).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section title={t(($) => $.principles.title)} intro={t(($) => $.principles.intro)} className="bg-surface-sunken">
        <InfoCardList cards={t(($) => $.principles.items, { returnObjects: true })} />
      </Section>
      <Section title={t(($) => $.benefits.title)} intro={t(($) => $.benefits.intro)}>
        <InfoCardList cards={benefitGroups.map((group) => ({ title: group.title, points: group.items }))} />
      </Section>
      <Section
        title={t(($) => $.sustainability.title)}
        intro={t(($) => $.sustainability.intro)}
        className="bg-surface-sunken"
      >
        <InfoCardList cards={t(($) => $.sustainability.items, { returnObjects: true })} />
      </Section>
      <Section title={t(($) => $.openings.title)} intro={t(($) => $.openings.text)}>
        <div className="flex flex-wrap gap-4">
          <ButtonLink to="jobs">{t(($) => $.openings.jobsLink)}</ButtonLink>
          <ButtonLink to="application-process" variant="secondary">
            {t(($) => $.openings.processLink)}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
