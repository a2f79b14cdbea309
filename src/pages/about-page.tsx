import { useTranslation } from 'react-i18next';
import { CallToAction } from '../components/call-to-action';
import { Container } from '../components/container';
import { FeatureCard } from '../components/feature-card';
import { IconCardGrid } from '../components/icon-card-grid';
import {
  BriefcaseIcon,
  CompassIcon,
  GaugeIcon,
  GlobeIcon,
  LeafIcon,
  SearchIcon,
  ShieldCheckIcon,
  TargetIcon,
  TruckIcon,
} from '../components/icons';
import { PageHeader } from '../components/page-header';
import { Section } from '../components/section';
import type texts from '../content/locales/de/about.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    about: typeof texts;
  }
}

const activities = [
  { id: 'import', Icon: SearchIcon },
  { id: 'export', Icon: TruckIcon },
  { id: 'services', Icon: BriefcaseIcon },
] as const;

const values = [
  { id: 'integrity', Icon: ShieldCheckIcon },
  { id: 'efficiency', Icon: GaugeIcon },
  { id: 'sustainability', Icon: LeafIcon },
  { id: 'globalPerspective', Icon: GlobeIcon },
] as const;

const iconSize = { width: 24, height: 24 };

export default function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <>
      <PageHeader eyebrow={t(($) => $.eyebrow)} title={t(($) => $.title)} lead={t(($) => $.lead)} />

      <Section title={t(($) => $.whatWeDo.title)} intro={t(($) => $.whatWeDo.intro)}>
        <IconCardGrid items={activities} texts={t(($) => $.whatWeDo.items, { returnObjects: true })} />
      </Section>

      <div className="bg-surface-sunken py-14 sm:py-16">
        <Container className="grid gap-6 md:grid-cols-2">
          <FeatureCard icon={<TargetIcon {...iconSize} />} title={t(($) => $.mission.title)} headingLevel={2}>
            <p>{t(($) => $.mission.text)}</p>
          </FeatureCard>
          <FeatureCard icon={<CompassIcon {...iconSize} />} title={t(($) => $.vision.title)} headingLevel={2}>
            <p>{t(($) => $.vision.text)}</p>
          </FeatureCard>
        </Container>
      </div>

      <Section title={t(($) => $.values.title)} intro={t(($) => $.values.intro)}>
        <IconCardGrid items={values} texts={t(($) => $.values.items, { returnObjects: true })} columns={4} />
      </Section>

      <CallToAction texts={t(($) => $.cta, { returnObjects: true })} to="contact" />
    </>
  );
}
