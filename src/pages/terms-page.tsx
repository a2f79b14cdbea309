import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';
import { NumberedLegalDocument, textSections } from '../components/legal-document';
import { mailtoLink, pageLink, phoneLink } from '../components/rich-text';
import type texts from '../content/locales/de/terms.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    terms: typeof texts;
  }
}

/** Anchors of the ten sections, in order (e.g. /terms#governing-law). */
export const termsSectionIds = [
  'scope',
  'provider',
  'use',
  'minimum-age',
  'intellectual-property',
  'content',
  'external-links',
  'liability',
  'changes',
  'governing-law',
] as const;

const links = {
  privacy: pageLink('privacy'),
  legal: pageLink('legal'),
  mail: mailtoLink(company.email),
  phone: phoneLink(company.phoneHref),
};

export default function TermsPage() {
  const { t } = useTranslation('terms');
  return (
    <NumberedLegalDocument
      namespace="terms"
      sections={textSections(
        termsSectionIds,
        t(($) => $.sections, { returnObjects: true }),
        links,
      )}
    />
  );
}
