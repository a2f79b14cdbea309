import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { useDismiss } from '../../hooks/use-dismiss';
import { useStableId } from '../../hooks/use-stable-id';
import { mainNavItems } from './nav-items';

/** Where the header is narrower than 48rem (768 px at normal text size), this button and panel replace the main navigation. */
export function MobileMenu() {
  const { t } = useTranslation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useStableId();

  useDismiss(
    open,
    (reason) => {
      setOpen(false);
      if (reason === 'escape') buttonRef.current?.focus();
    },
    [buttonRef, panelRef],
  );

  // A layout effect moves the focus before the next key press can be handled.
  useLayoutEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open]);

  return (
    <div className="@3xl:hidden">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={open ? t(($) => $.menu.close) : t(($) => $.menu.open)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-line bg-surface-raised shadow-lg"
      >
        <nav aria-label={t(($) => $.nav.label)}>
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
            {mainNavItems.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} end={item.to === '/'} className="nav-link block py-3">
                  {t(($) => $.nav[item.key])}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
