import { CallToAction } from './call-to-action';
import { CardGrid } from './card-grid';
import { FeatureCard } from './feature-card';
import { FeatureList } from './feature-list';
import { PageHeader } from './page-header';
import { Paragraphs } from './paragraphs';
import { Section } from './section';
import { StepList } from './step-list';
import { TextLink } from './text-link';

interface TitledText {
  title: string;
  text: string;
}

/** The texts of one service page, in the shape every service namespace shares. */
export interface ServiceDetailContent {
  header: { eyebrow: string; title: string; lead: string; allServices: string };
  overview: { title: string; paragraphs: readonly string[] };
  offerings: { title: string; intro: string; items: readonly TitledText[] };
  process: { title: string; intro: string; steps: readonly TitledText[] };
  assurance: { title: string; intro: string; points: readonly string[] };
  benefits: { title: string; points: readonly string[] };
  cta: { title: string; text: string; action: string };
}

/**
 * A descriptive service page: header (with the page's picture), overview, what is
 * offered, how it works, quality and rules, benefits, and a contact button.
 */
export function ServiceDetail({ content }: { content: ServiceDetailContent }) {
  const { header, overview, offerings, process, assurance, benefits, cta } = content;
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={header.lead}>
        <p className="mt-6">
          <TextLink to="services" back>
            {header.allServices}
          </TextLink>
        </p>
      </PageHeader>

      <Section title={overview.title}>
        <Paragraphs items={overview.paragraphs} />
      </Section>

      <Section title={offerings.title} intro={offerings.intro} className="bg-surface-sunken">
        <CardGrid>
          {offerings.items.map((item) => (
            <FeatureCard key={item.title} title={item.title}>
              <p>{item.text}</p>
            </FeatureCard>
          ))}
        </CardGrid>
      </Section>

      <Section title={process.title} intro={process.intro}>
        <StepList steps={process.steps} />
      </Section>

      <Section title={assurance.title} intro={assurance.intro} className="bg-surface-sunken">
        <FeatureList items={assurance.points} columns={2} />
      </Section>

      <Section title={benefits.title}>
        <FeatureList items={benefits.points} columns={2} />
      </Section>

      <CallToAction texts={cta} to="contact" />
    </>
  );
}
