import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { pluralForm, type Period } from '../../common/retention';
import { usePageLanguage } from './use-page-href';

/**
 * A period in one language ("180 days", "3 years"), from consent.json's `lifetime` words. Any
 * `t` will do: the words are looked up in the consent namespace, which the caller has loaded.
 */
export function periodText(t: TFunction<'consent'> | TFunction, lng: string, { unit, count }: Period): string {
  return (t as TFunction<'consent'>)(($) => $.lifetime[unit][pluralForm(lng, count)], { ns: 'consent', n: count });
}

/**
 * A retention period or lifetime in the visitor's language ("180 days",
 * "3 years"), in one wording wherever the site states how long it keeps something.
 */
export function usePeriodText(): (period: Period) => string {
  const { t } = useTranslation('consent');
  const lng = usePageLanguage();
  return (period: Period) => periodText(t, lng, period);
}
