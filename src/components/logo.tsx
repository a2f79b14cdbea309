import { company } from '../../common/company';

/** The company mark: a bridge arch over two shores, drawn for this site. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" className="fill-brand" />
      <path d="M7 33c5-12 12-17 17-17s12 5 17 17" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M13 33v-6M19 33v-11M24 33V20M29 33v-11M35 33v-6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M6 36h36" stroke="#f5c45e" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Mark and word mark; the text is real text, so it scales well. `compact`
 * drops the word mark on very narrow screens (the header's link has a name).
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className={`text-lg font-bold tracking-tight text-ink ${compact ? 'hidden min-[380px]:inline' : ''}`}>
        {company.shortName}
      </span>
    </span>
  );
}
