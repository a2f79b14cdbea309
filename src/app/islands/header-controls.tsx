import type { PageId } from '../../../common/site-pages';
import { LanguageMenu } from '../../features/i18n/language-menu';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { MobileMenu } from '../layout/mobile-menu';

/** The header's controls: language, theme and, on narrow screens, the menu. */
export default function HeaderControls({ pageId, search }: { pageId: PageId; search: string }) {
  return (
    <>
      <LanguageMenu pageId={pageId} search={search} />
      <ThemeToggle />
      <MobileMenu pageId={pageId} />
    </>
  );
}
