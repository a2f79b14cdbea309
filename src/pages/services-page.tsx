import { useTranslation } from 'react-i18next';
import { CallToAction } from '../components/call-to-action';
import { CardGrid } from '../components/card-grid';
import { FeatureCard } from '../components/feature-card';
import { FeatureList } from '../components/feature-list';
import {
  ArrowsExchangeIcon,
  BriefcaseIcon,
  ClipboardCheckIcon,
  MonitorIcon,
  SearchIcon,
  TruckIcon,
} from '../components/icons';
import { ImageGallery } from '../components/image-gallery';
import type { Picture } from '../components/picture';
import { PageHeader } from '../components/page-header';
import { Section } from '../components/section';
import { TextLink } from '../components/text-link';
import { exportedGoods, galleryFallbackImage, importedGoods } from '../content/goods';
import type texts from '../content/locales/de/services.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    services: typeof texts;
  }
}

/** The six service areas of docs/product.md#purpose; three of them have a page of their own. */
const serviceAreas = [
  { id: 'procurement', Icon: SearchIcon, to: 'procurement' },
  { id: 'logistics', Icon: TruckIcon, to: 'logistics' },
  { id: 'itServices', Icon: MonitorIcon },
  { id: 'consulting', Icon: BriefcaseIcon },
  { id: 'importExport', Icon: ArrowsExchangeIcon, to: 'import-export' },
  { id: 'compliance', Icon: ClipboardCheckIcon },
] as const;

/** The gallery's pictures: each good with its name, text and description from `<group>.items.<id>`. */
function pictures<Id extends string>(
  goods: readonly { id: Id; image: Picture }[],
  texts: Record<Id, { name: string; text: string; alt: string }>,
) {
  return goods.map(({ id, image }) => ({
    id,
    picture: image,
    title: texts[id].name,
    text: texts[id].text,
    alt: texts[id].alt,
  }));
}

export default function ServicesPage() {
  const { t } = useTranslation('services');
  const imports = pictures(
    importedGoods,
    t(($) => $.imports.items, { returnObjects: true }),
  );
  const exports = pictures(
    exportedGoods,
    t(($) => $.exports.items, { returnObjects: true }),
  );
  return (
    <>
      <PageHeader eyebrow={t(($) => $.eyebrow)} title={t(($) => $.title)} lead={t(($) => $.lead)} />

      <Section title={t(($) => $.imports.title)} intro={t(($) => $.imports.intro)}>
        {/* On a phone its first picture can be the largest thing on the first screen. */}
        <ImageGallery items={imports} fallbackSrc={galleryFallbackImage} />
      </Section>

      <Section title={t(($) => $.exports.title)} intro={t(($) => $.exports.intro)} className="bg-surface-sunken">
        <ImageGallery items={exports} fallbackSrc={galleryFallbackImage} />
      </Section>

      <Section title={t(($) => $.areas.title)} intro={t(($) => $.areas.intro)}>
        <CardGrid>
          {serviceAreas.map((area) => (
            <FeatureCard
              key={area.id}
              icon={<area.Icon width={24} height={24} />}
              title={t(($) => $.areas.items[area.id].title)}
              footer={
                'to' in area ? <TextLink to={area.to}>{t(($) => $.areas.items[area.id].link)}</TextLink> : undefined
              }
            >
              <p>{t(($) => $.areas.items[area.id].text)}</p>
              <FeatureList items={t(($) => $.areas.items[area.id].points, { returnObjects: true })} />
            </FeatureCard>
          ))}
        </CardGrid>
      </Section>

      <CallToAction texts={t(($) => $.cta, { returnObjects: true })} to="contact" />
    </>
  );
}
