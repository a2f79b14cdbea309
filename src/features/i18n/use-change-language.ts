import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Language } from '../../../common/languages';

/**
 * Switches the language without a reload. i18next caches the choice (local
 * storage and cookie); a `lng` parameter already in the address is updated so
 * that a reload or a shared link keeps the new language.
 */
export function useChangeLanguage(): (lng: Language) => Promise<void> {
  const { i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  return useCallback(
    async (lng: Language) => {
      await i18n.changeLanguage(lng);
      if (searchParams.has('lng')) {
        setSearchParams(
          (params) => {
            params.set('lng', lng);
            return params;
          },
          { replace: true, preventScrollReset: true },
        );
      }
    },
    [i18n, searchParams, setSearchParams],
  );
}
