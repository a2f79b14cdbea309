import { useTranslation } from 'react-i18next';
import { company } from '../../common/company';

/** The country of `countryCode` in the page's language ("Deutschland", "Germany", "Allemagne"). */
function countryName(countryCode: string, lng: string): string {
  return new Intl.DisplayNames([lng], { type: 'region' }).of(countryCode) ?? countryCode;
}

/** The company's postal address, one line each, from common/company.ts. */
export function PostalAddress({ className = '', withName = true }: { className?: string; withName?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <address className={`not-italic ${className}`}>
      {withName && (
        <>
          {company.name}
          <br />
        </>
      )}
      {company.streetAddress}
      <br />
      {company.postCode} {company.city}
      <br />
      {countryName(company.countryCode, i18n.language)}
    </address>
  );
}
