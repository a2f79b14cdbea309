import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';
import { LegalDocument, textSections } from '../components/legal-document';
import { externalLink, mailtoLink, pageLink } from '../components/rich-text';

/** Anchors of the ten sections, in order (e.g. /privacy#newsletter). */
export const privacySectionIds = [
  'controller',
  'server-logs',
  'browser-storage',
  'analytics',
  'contact-form',
  'newsletter',
  'applications',
  'recipients',
  'retention',
  'your-rights',
] as const;

const links = {
  legal: pageLink('/legal'),
  process: pageLink('/application-process'),
  privacyMail: mailtoLink(company.privacyEmail),
  careerMail: mailtoLink(company.careerEmail),
  authority: externalLink(company.dataProtectionAuthority.url),
};

export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  return (
    <LegalDocument
      title={t(($) => $.title)}
      lead={t(($) => $.lead)}
      updated={t(($) => $.updated)}
      tocTitle={t(($) => $.toc)}
      sections={textSections(privacySectionIds, t(($) => $.sections, { returnObjects: true }), links)}
      numbered
    />
  );
}
