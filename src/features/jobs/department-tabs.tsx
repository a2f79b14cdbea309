import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** One tab: `all`, or a department as the jobs name it. */
export interface DepartmentTab {
  value: string;
  label: string;
}

export const allDepartments = 'all';

const tabClasses =
  'inline-flex min-h-11 items-center rounded-full border border-line-strong bg-surface px-4 py-2 font-semibold text-ink transition-[color,background-color,border-color] hover:bg-surface-sunken aria-selected:border-brand aria-selected:bg-brand aria-selected:text-on-brand aria-selected:hover:bg-brand-strong';

export const tabId = (idPrefix: string, index: number) => `${idPrefix}-tab-${index}`;

/**
 * The department filter as a WAI-ARIA tab list: one tab stop, arrow keys
 * (and Home/End) move between tabs and select them. Without JavaScript the
 * tabs could not work, so they are hidden and the full list shows.
 */
export function DepartmentTabs({
  tabs,
  value,
  onChange,
  idPrefix,
  panelId,
}: {
  tabs: readonly DepartmentTab[];
  value: string;
  onChange: (value: string) => void;
  idPrefix: string;
  panelId: string;
}) {
  const { t } = useTranslation('jobs');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t(($) => $.filter.label)}
      className="flex flex-wrap gap-2 [:root:not(.js)_&]:hidden"
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, index)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClasses}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
