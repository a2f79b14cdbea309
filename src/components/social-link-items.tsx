import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';
import { InstagramIcon, LinkedInIcon, XLogoIcon } from './icons';

const socialLinks = [
  { key: 'linkedin', href: company.social.linkedin, Icon: LinkedInIcon },
  { key: 'instagram', href: company.social.instagram, Icon: InstagramIcon },
  { key: 'x', href: company.social.x, Icon: XLogoIcon },
] as const;

/** The company's social media profiles as list items: links that open in a new tab and say so. */
export function SocialLinkItems({ linkClassName, iconSize = 20 }: { linkClassName: string; iconSize?: number }) {
  const { t } = useTranslation('common');
  return socialLinks.map(({ key, href, Icon }) => (
    <li key={key}>
      <a href={href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
        <Icon width={iconSize} height={iconSize} />
        {t(($) => $.footer.social[key])}
        <span className="sr-only">{t(($) => $.footer.opensInNewTab)}</span>
      </a>
    </li>
  ));
}
