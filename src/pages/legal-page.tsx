import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';
import { LegalDocument, LegalFacts, LegalTextBlocks } from '../components/legal-document';
import { PostalAddress } from '../components/postal-address';
import { lawLanguage, RichText } from '../components/rich-text';
import type texts from '../content/locales/de/legal.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    legal: typeof texts;
  }
}

const RichParagraph = ({ text }: { text: string }) => (
  <p>
    <RichText text={text} />
  </p>
);

/** The legal notice (Impressum, § 5 DDG): every fact comes from common/company.ts. */
export default function LegalPage() {
  const { t } = useTranslation('legal');
  const sections = [
    { id: 'provider', title: t(($) => $.provider.title), body: <PostalAddress /> },
    {
      id: 'representation',
      title: t(($) => $.representation.title),
      body: <p>{t(($) => $.representation.director[company.representativeGender])}</p>,
    },
    {
      id: 'contact',
      title: t(($) => $.contact.title),
      body: (
        <LegalFacts
          facts={[
            {
              term: t(($) => $.contact.phone),
              value: (
                <a href={company.phoneHref} className="text-link whitespace-nowrap">
                  {company.phone}
                </a>
              ),
            },
            {
              term: t(($) => $.contact.email),
              value: (
                <a href={`mailto:${company.email}`} className="text-link break-words">
                  {company.email}
                </a>
              ),
            },
          ]}
        />
      ),
    },
    {
      id: 'register',
      title: t(($) => $.register.title),
      body: (
        <>
          <p>
            <RichText text={t(($) => $.register.text)} />
          </p>
          <LegalFacts
            facts={[
              {
                term: t(($) => $.register.court),
                value: (
                  <>
                    {/* A German court's name, in German in every language. */}
                    <span lang={lawLanguage}>{company.registerCourt}</span>
                    <span className="block text-ink-muted">{company.registerCourtDetails}</span>
                  </>
                ),
              },
              { term: t(($) => $.register.number), value: company.registrationNumber },
            ]}
          />
        </>
      ),
    },
    { id: 'vat', title: t(($) => $.vat.title), body: <RichParagraph text={t(($) => $.vat.text)} /> },
    {
      id: 'editorial',
      title: t(($) => $.editorial.title),
      body: <RichParagraph text={t(($) => $.editorial.text)} />,
    },
    {
      id: 'consumer-disputes',
      title: t(($) => $.disputes.title),
      body: <RichParagraph text={t(($) => $.disputes.text)} />,
    },
    {
      id: 'disclaimer',
      title: t(($) => $.disclaimer.title),
      body: <LegalTextBlocks blocks={t(($) => $.disclaimer.content, { returnObjects: true })} />,
    },
  ];
  return <LegalDocument title={t(($) => $.title)} lead={<RichText text={t(($) => $.lead)} />} sections={sections} />;
}
