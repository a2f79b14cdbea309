import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';
import { ButtonLink } from '../components/button-link';
import { Container } from '../components/container';
import { mailtoLink, phoneLink, RichText } from '../components/rich-text';

/** What nginx shows when no instance of the site answers (a 502, 503 or 504 of its own), with status 503. */
export default function UnavailablePage() {
  const { t } = useTranslation();
  return (
    <Container className="py-24 text-center">
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t(($) => $.unavailable.title)}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-ink">{t(($) => $.unavailable.description)}</p>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-muted">
        <RichText
          text={t(($) => $.unavailable.details, { email: company.email, phone: company.phone })}
          elements={{ mail: mailtoLink(company.email), phone: phoneLink(company.phoneHref) }}
        />
      </p>
      <div className="mt-8">
        <ButtonLink to="home">{t(($) => $.backToHome)}</ButtonLink>
      </div>
    </Container>
  );
}
