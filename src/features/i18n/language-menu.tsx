import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languages, type Language } from '../../../common/languages';
import { ChevronDownIcon, GlobeIcon } from '../../components/icons';
import { useDismiss } from '../../hooks/use-dismiss';
import { useStableId } from '../../hooks/use-stable-id';
import { useChangeLanguage } from './use-change-language';

/** The header's language dropdown: a menu button with one radio item per language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useStableId();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';

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
    setOpen(false);
    buttonRef.current?.focus();
    void changeLanguage(lng);
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

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button gap-1 px-2"
        aria-label={t(($) => $.language.menu)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <GlobeIcon />
        {/* The current language is the button's value, not its name ("Language"): drawn by CSS, so
            it is not read as a second label (WCAG 2.5.3, Lighthouse's label-content-name-mismatch). */}
        <span aria-hidden="true" data-value={current} className="text-sm font-semibold uppercase after:content-[attr(data-value)]" />
        <ChevronDownIcon width={16} height={16} className="hidden sm:block" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t(($) => $.language.menu)}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 min-w-40 rounded-lg border border-line bg-surface-raised p-1 shadow-lg"
        >
          {languages.map((language) => (
            <button
              key={language.code}
              type="button"
              role="menuitemradio"
              aria-checked={language.code === current}
              lang={language.code}
              tabIndex={-1}
              onClick={() => choose(language.code)}
              className="menu-item"
            >
              {language.name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
