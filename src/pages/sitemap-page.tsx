import { useTranslation } from 'react-i18next';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';

/** SPEC 2: the ten links of the sitemap page, in this order. */
const sitemapLinks = [
  { to: '/', key: 'home' },
  { to: '/about', key: 'about' },
  { to: '/services', key: 'services' },
  { to: '/contact', key: 'contact' },
  { to: '/careers', key: 'careers' },
  { to: '/jobs', key: 'jobs' },
  { to: '/terms', key: 'terms' },
  { to: '/privacy', key: 'privacy' },
  { to: '/legal', key: 'legal' },
  { to: '/sitemap', key: 'sitemap' },
] as const;

export default function SitemapPage() {
  const { t } = useTranslation('sitemap');
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12">
        <ul className="grid gap-3 sm:grid-cols-2">
          {sitemapLinks.map((link) => (
            <li key={link.to}>
              <a href={link.to} className="text-link text-lg">
                {t(($) => $.links[link.key])}
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
