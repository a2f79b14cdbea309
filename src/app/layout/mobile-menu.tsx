import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { useDismiss } from '../../hooks/use-dismiss';
import { useUpgradedDisclosure } from '../../hooks/use-upgraded-disclosure';
import type { PageId } from '../../../common/site-pages';
import { MainNavLinks } from './main-nav-links';

const panelClasses = 'absolute inset-x-0 top-full border-b border-line bg-surface-raised shadow-lg';

/**
 * Where the header is narrower than 48rem (768 px at normal text size), this button and panel replace the main navigation.
 * Before and without JavaScript it is a <details> disclosure with the same links.
 */
export function MobileMenu({ pageId }: { pageId: PageId }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { upgraded, detailsRef } = useUpgradedDisclosure({
    onUpgrade: (before) => {
      if (before.open) setOpen(true);
      else if (before.focused) buttonRef.current?.focus();
    },
  });

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

  const links = (
    <nav aria-label={t(($) => $.nav.label)}>
      <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
        <MainNavLinks pageId={pageId} linkClassName="nav-link block py-3" />
      </ul>
    </nav>
  );

  if (!upgraded) {
    return (
      <details ref={detailsRef} className="group @3xl:hidden">
        <summary className="icon-button" aria-label={t(($) => $.menu.toggle)}>
          <MenuIcon className="group-open:hidden" />
          <CloseIcon className="hidden group-open:block" />
        </summary>
        <div className={panelClasses}>{links}</div>
      </details>
    );
  }

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
      <div ref={panelRef} id={panelId} hidden={!open} className={panelClasses}>
        {links}
      </div>
    </div>
  );
}
