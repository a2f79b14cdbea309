import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { departments, type Department } from '../../content/jobs/jobs';

export type DepartmentFilter = 'all' | Department;

/** SPEC 9's filters, in tab order. */
export const departmentFilters: readonly DepartmentFilter[] = ['all', ...departments];

const tabClasses =
  'inline-flex min-h-11 items-center rounded-full border border-line-strong bg-surface px-4 py-2 font-semibold text-ink transition-[color,background-color,border-color] hover:bg-surface-sunken aria-selected:border-brand aria-selected:bg-brand aria-selected:text-on-brand aria-selected:hover:bg-brand-strong';

export const tabId = (idPrefix: string, filter: DepartmentFilter) => `${idPrefix}-tab-${filter}`;

/**
 * The department filter as a WAI-ARIA tab list: one tab stop, arrow keys
 * (and Home/End) move between tabs and select them. Without JavaScript the
 * tabs could not work, so they are hidden and the full list shows.
 */
export function DepartmentTabs({
  value,
  onChange,
  idPrefix,
  panelId,
}: {
  value: DepartmentFilter;
  onChange: (filter: DepartmentFilter) => void;
  idPrefix: string;
  panelId: string;
}) {
  const { t } = useTranslation('jobs');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = departmentFilters.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + departmentFilters.length) % departmentFilters.length;
    const filter = departmentFilters[next];
    if (!filter) return;
    onChange(filter);
    tabs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t(($) => $.filter.label)}
      className="flex flex-wrap gap-2 [:root:not(.js)_&]:hidden"
    >
      {departmentFilters.map((filter, index) => {
        const selected = filter === value;
        return (
          <button
            key={filter}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, filter)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(filter)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClasses}
          >
            {t(($) => $.departments[filter])}
          </button>
        );
      })}
    </div>
  );
}
