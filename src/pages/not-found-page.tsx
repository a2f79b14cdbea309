import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link';
import { Container } from '../components/container';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container className="py-24 text-center">
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t(($) => $.pageNotFoundTitle)}</h1>
      <p className="mt-4 text-lg text-ink-muted">{t(($) => $.pageNotFoundDescription)}</p>
      <div className="mt-8">
        <ButtonLink to="home">{t(($) => $.backToHome)}</ButtonLink>
      </div>
    </Container>
  );
}
