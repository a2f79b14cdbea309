import { useTranslation } from 'react-i18next';
import type { Period } from '../../common/retention';

/**
 * A retention period or lifetime in the visitor's language ("180 days",
 * "3 years"), in one wording wherever the site states how long it keeps something.
 */
export function usePeriodText(): (period: Period) => string {
  const { t, i18n } = useTranslation('consent');
  const lng = i18n.resolvedLanguage ?? 'de';
  // The counts are small, so each language needs only its `one` and `other` forms.
  return ({ unit, count }: Period) =>
    t(($) => $.lifetime[unit][new Intl.PluralRules(lng).select(count) === 'one' ? 'one' : 'other'], { n: count });
}
