import type { ReactNode } from 'react';
import type { SitePageId } from '../../common/site-pages';
import { usePageHref } from '../hooks/use-page-href';
import { ArrowLeftIcon, ArrowRightIcon } from './icons';

/** An inline link with an arrow to another page, for "read more" and "back" links. */
export function TextLink({ to, children, back = false }: { to: SitePageId; children: ReactNode; back?: boolean }) {
  const href = usePageHref();
  return (
    <a href={href(to)} className="text-link inline-flex items-center gap-1.5">
      {back && <ArrowLeftIcon width={16} height={16} />}
      {children}
      {!back && <ArrowRightIcon width={16} height={16} />}
    </a>
  );
}
