import type { Namespace } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';
import { Section } from './section';

interface TextSection {
  title: string;
}

/** A page made of a header and titled sections, all from one namespace. */
export function TextPage({ ns }: { ns: Namespace }) {
  const { t } = useTranslation(ns);
  const text = t as unknown as (key: string, options?: object) => unknown;
  const sections = text('sections', { returnObjects: true }) as TextSection[];
  return (
    <>
      <PageHeader title={String(text('title'))} lead={String(text('lead'))} />
      {sections.map((section) => (
        <Section key={section.title} title={section.title} />
      ))}
    </>
  );
}
