import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link';
import { CallToAction } from '../components/call-to-action';
import { CardGrid } from '../components/card-grid';
import { FeatureCard } from '../components/feature-card';
import { FeatureList } from '../components/feature-list';
import { ArrowsExchangeIcon, SearchIcon, TruckIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { Paragraphs } from '../components/paragraphs';
import { Section } from '../components/section';
import { TextLink } from '../components/text-link';
import { Island } from '../app/islands/island';
import { latestEntries } from '../app/news-pages';
import { usePage } from '../app/page-context';
import { LatestNews } from '../features/news/latest-news';
import type texts from '../content/locales/de/home.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    home: typeof texts;
  }
}

const coreServices = [
  { id: 'procurement', to: 'procurement', Icon: SearchIcon },
  { id: 'logistics', to: 'logistics', Icon: TruckIcon },
  { id: 'importExport', to: 'import-export', Icon: ArrowsExchangeIcon },
] as const;

export default function HomePage() {
  const { t } = useTranslation('home');
  const { lng, at } = usePage();
  return (
    <>
      <PageHeader
        eyebrow={t(($) => $.hero.eyebrow)}
        title={t(($) => $.hero.title)}
        lead={t(($) => $.hero.lead)}
        media={<Island name="carousel" className="block min-w-0" />}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="services">{t(($) => $.hero.primaryAction)}</ButtonLink>
          <ButtonLink to="contact" variant="secondary">
            {t(($) => $.hero.secondaryAction)}
          </ButtonLink>
        </div>
      </PageHeader>

      <Section title={t(($) => $.intro.title)}>
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <Paragraphs items={t(($) => $.intro.paragraphs, { returnObjects: true })} />
            <p className="mt-6">
              <TextLink to="about">{t(($) => $.intro.link)}</TextLink>
            </p>
          </div>
          <FeatureCard title={t(($) => $.intro.highlightsTitle)}>
            <FeatureList items={t(($) => $.intro.highlights, { returnObjects: true })} />
          </FeatureCard>
        </div>
      </Section>

      <Section title={t(($) => $.services.title)} intro={t(($) => $.services.intro)} className="bg-surface-sunken">
        <CardGrid>
          {coreServices.map(({ id, to, Icon }) => (
            <FeatureCard
              key={id}
              icon={<Icon width={24} height={24} />}
              title={t(($) => $.services.items[id].title)}
              footer={<TextLink to={to}>{t(($) => $.services.items[id].link)}</TextLink>}
            >
              <p>{t(($) => $.services.items[id].text)}</p>
            </FeatureCard>
          ))}
        </CardGrid>
      </Section>

      <CallToAction texts={t(($) => $.partner, { returnObjects: true })} to="contact" />

      <LatestNews entries={latestEntries(lng, at)} lng={lng} />
    </>
  );
}
