import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '../../../common/languages';
import { languageMenuFocusKey } from '../../../common/storage-keys';
import { languageSwitchHref } from '../../../common/page-urls';
import { isSitePageId, type PageId } from '../../../common/site-pages';
import { ChevronDownIcon, GlobeIcon } from '../../components/icons';
import { useDismiss } from '../../hooks/use-dismiss';
import { useLocationSearch } from '../../hooks/use-location-search';
import { usePageLanguage } from '../../hooks/use-page-href';
import { chooseLanguage } from './remember-language';
import { useUpgradedDisclosure } from '../../hooks/use-upgraded-disclosure';

/** Whether this page was loaded by choosing a language in the menu: a keyboard user carries on where they were, on its button. */
function takeRefocus(): boolean {
  try {
    if (sessionStorage.getItem(languageMenuFocusKey) === null) return false;
    sessionStorage.removeItem(languageMenuFocusKey);
    return true;
  } catch {
    return false;
  }
}

/**
 * The header's language dropdown: a menu button with one radio item per language.
 * Each item is a link to this page at that language's address, so choosing one
 * loads the page prerendered in that language. Only this choice is kept in the
 * browser (docs/contract.md#difference-7). Before and without JavaScript it is a <details>
 * disclosure with the same links.
 */
export function LanguageMenu({
  pageId,
  search,
  hrefs,
}: {
  pageId: PageId;
  search: string;
  /** Each language's link where it is not this page's (a news entry leads to its translation, or to that language's list). */
  hrefs?: Partial<Record<Language, string>>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { upgraded, detailsRef } = useUpgradedDisclosure({
    onUpgrade: (before) => {
      if (before.open) setOpen(true);
      else if (before.focused || takeRefocus()) buttonRef.current?.focus();
    },
  });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const current = usePageLanguage();
  const currentSearch = useLocationSearch(search);

  useDismiss(
    open,
    (reason) => {
      setOpen(false);
      if (reason === 'escape') buttonRef.current?.focus();
    },
    [buttonRef, menuRef],
  );

  // A layout effect moves the focus before the next key press can be handled.
  useLayoutEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
  }, [open]);

  const choose = (lng: Language) => {
    chooseLanguage(lng);
    try {
      sessionStorage.setItem(languageMenuFocusKey, '1');
    } catch {
      // Storage disabled: the new page starts with the focus at its top, as any page does.
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]'));
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  const value = (
    // The current language is the button's value, not its name ("Language"): drawn by CSS, so
    // it is not read as a second label (WCAG 2.5.3, Lighthouse's label-content-name-mismatch).
    <span
      aria-hidden="true"
      data-value={current}
      className="text-sm font-semibold uppercase after:content-[attr(data-value)]"
    />
  );
  const href = (lng: Language) =>
    hrefs?.[lng] ?? languageSwitchHref(isSitePageId(pageId) ? pageId : null, currentSearch, lng);

  if (!upgraded) {
    return (
      <details ref={detailsRef} className="relative">
        <summary className="icon-button gap-1 px-2" aria-label={t(($) => $.language.menu)}>
          <GlobeIcon />
          {value}
          <ChevronDownIcon width={16} height={16} className="hidden sm:block" />
        </summary>
        <ul className="absolute right-0 z-50 mt-2 min-w-40 rounded-lg border border-line bg-surface-raised p-1 shadow-lg">
          {languages.map((language) => (
            <li key={language.code}>
              <a
                href={href(language.code)}
                lang={language.code}
                hrefLang={language.code}
                onClick={() => chooseLanguage(language.code)}
                aria-current={language.code === current ? 'true' : undefined}
                className="menu-item"
              >
                {language.name}
              </a>
            </li>
          ))}
        </ul>
      </details>
    );
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button gap-1 px-2"
        aria-label={t(($) => $.language.menu)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <GlobeIcon />
        {value}
        <ChevronDownIcon width={16} height={16} className="hidden sm:block" />
      </button>
      {/* Rendered while closed too, so the page's text is the same before and after its scripts start. */}
      <div
        ref={menuRef}
        id={menuId}
        hidden={!open}
        role="menu"
        aria-label={t(($) => $.language.menu)}
        tabIndex={-1}
        onKeyDown={onMenuKeyDown}
        className="absolute right-0 z-50 mt-2 min-w-40 rounded-lg border border-line bg-surface-raised p-1 shadow-lg"
      >
        {languages.map((language) => (
          <a
            key={language.code}
            href={href(language.code)}
            role="menuitemradio"
            aria-checked={language.code === current}
            lang={language.code}
            hrefLang={language.code}
            tabIndex={-1}
            onClick={() => choose(language.code)}
            className="menu-item"
          >
            {language.name}
          </a>
        ))}
      </div>
    </div>
  );
}
