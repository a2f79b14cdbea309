import { useTranslation } from 'react-i18next';
import { Section } from '../components/section';
import { TextPage } from '../components/text-page';
import { ContactForm } from '../features/contact/contact-form';

export default function ContactPage() {
  const { t } = useTranslation('contact-form');
  return (
    <>
      <TextPage ns="contact" />
      <Section title={t(($) => $.title)}>
        <div className="max-w-2xl">
          <ContactForm />
        </div>
      </Section>
    </>
  );
}
