import type { Language } from '../../../common/languages';
import type { PageId } from '../../../common/site-pages';
import { LanguageMenu } from '../../features/i18n/language-menu';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { MobileMenu } from '../layout/mobile-menu';

/** The header's controls: language, theme and, on narrow screens, the menu. */
export default function HeaderControls({
  pageId,
  search,
  languageHrefs,
}: {
  pageId: PageId;
  search: string;
  /** Where the language menu leads, where it is not this page in each language (a news entry). */
  languageHrefs?: Partial<Record<Language, string>>;
}) {
  return (
    <>
      <LanguageMenu pageId={pageId} search={search} hrefs={languageHrefs} />
      <ThemeToggle />
      <MobileMenu pageId={pageId} />
    </>
  );
}
